import type { JSX } from 'preact';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { useConnectionStatus } from '../connection/use-connection-status';
import { describeProblem } from '@/utils/messaging/problem-text';

/** The toolbar popup: whether the extension can report right now. */
export function PopupApp(): JSX.Element {
  const { status, checking, pageProblem } = useConnectionStatus();
  const openOptions = () => void browser.runtime.openOptionsPage();

  return (
    <main class="popup">
      <header class="popup-header">
        <img src="/icon/32.png" alt="" width={20} height={20} />
        <h1>{i18n.t('popup.title')}</h1>
      </header>
      <PopupStatus status={status} checking={checking} pageProblem={pageProblem} />
      {status?.state === 'connected' ? (
        <button type="button" class="link-button" onClick={openOptions}>
          {i18n.t('popup.settings')}
        </button>
      ) : (
        <button type="button" class="primary" onClick={openOptions} disabled={!status && !pageProblem}>
          {i18n.t(status?.state === 'failing' ? 'popup.fix' : 'popup.connect')}
        </button>
      )}
    </main>
  );
}

type PopupStatusProps = Omit<ReturnType<typeof useConnectionStatus>, 'setStatus'>;

function PopupStatus({ status, checking, pageProblem }: PopupStatusProps): JSX.Element {
  if (pageProblem) return <p class="problem" role="alert">{describeProblem(pageProblem)}</p>;
  if (!status) return <p class="status status-pending" role="status">{i18n.t('connection.checking')}</p>;
  if (status.state === 'not_configured') {
    return (
      <p class="status status-idle" role="status" data-state="not_configured">
        {i18n.t('popup.not_configured')}
      </p>
    );
  }
  if (status.state === 'failing') {
    return (
      <div data-state="failing">
        <p class="status status-error" role="status">{i18n.t('popup.not_connected', [status.origin])}</p>
        <p class="problem" role="alert">{describeProblem(status.problem)}</p>
      </div>
    );
  }
  const names = status.clients.map((client) => client.name ?? client.id).filter(Boolean).join(', ');
  return (
    <div data-state="connected">
      <p class="status status-ok" role="status">
        {i18n.t(checking ? 'popup.connected_checking' : 'popup.connected')}
      </p>
      <p class="hint">{i18n.t('popup.reporting_for', [names || i18n.t('popup.no_clients'), status.origin])}</p>
    </div>
  );
}
