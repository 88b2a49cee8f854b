import type { JSX } from 'preact';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { optionsPath, type OptionsSection } from '@/utils/messaging/protocol';
import { PopupTabs } from './popup-tabs';
import { useConnectionStatus } from '../connection/use-connection-status';
import { ProblemMessage } from '../ui/problem-message';
import { useSettings } from '../shared/use-settings';
import { ReloadPageButton } from '../ui/reload-page-button';
import { useReviewWindow } from './use-review-window';
import { lazyComponent } from '../ui/lazy';

/** "Report this email" on a webmail tab (issue 40): loaded after the first paint, out of the popup's budget. */
const WebmailAction = lazyComponent(() => import('./webmail-action').then((module) => module.WebmailAction));

/**
 * The popup trusts a connection check younger than this instead of calling
 * whoami on every open; a refused key found by the background shows at once.
 */
const CONNECTION_REUSE_MS = 10 * 60_000;

/** The toolbar popup: whether the extension can report right now. */
export function PopupApp(): JSX.Element {
  const { status, checking, pageProblem } = useConnectionStatus({ reuseForMs: CONNECTION_REUSE_MS });
  const settings = useSettings();
  const connected = status?.state === 'connected';
  // The ways into the review window (./review-window) load when one is taken: the popup's first paint carries none of them.
  const reviewWindow = useReviewWindow();

  return (
    <main
      class="popup"
      // An email (or several) dropped on the popup opens in the review window.
      onDragOver={(event) => {
        if (connected && event.dataTransfer?.types.includes('Files')) event.preventDefault();
      }}
      onDrop={(event) => {
        const files = [...(event.dataTransfer?.files ?? [])];
        if (!connected || files.length === 0) return;
        event.preventDefault();
        reviewWindow.open(({ reviewDroppedEmails }) => reviewDroppedEmails(files, settings));
      }}
    >
      <header class="popup-header">
        <img src="/icon/32.png" alt="" width={20} height={20} />
        <h1>{i18n.t('popup.title')}</h1>
      </header>
      <PopupStatus status={status} checking={checking} pageProblem={pageProblem} />
      {reviewWindow.problem && <ProblemMessage problem={reviewWindow.problem} extra={<ReloadPageButton />} />}
      {connected && <WebmailAction onOpen={(tabId) => reviewWindow.open(({ openWebmailReview }) => openWebmailReview(tabId))} />}
      {status && status.state !== 'not_configured' && <PopupTabs connection={status} />}
      {status?.state === 'connected' ? (
        <nav class="popup-links">
          <button type="button" class="link-button" onClick={() => reviewWindow.open(({ openBulkReview }) => openBulkReview())}>
            {i18n.t('popup.bulk')}
          </button>
          <button type="button" class="link-button" onClick={() => reviewWindow.open(({ openEmailReview }) => openEmailReview())} title={i18n.t('popup.email_hint')}>
            {i18n.t('popup.email')}
          </button>
          <button type="button" class="link-button" onClick={() => openOptions('reports')}>
            {i18n.t('popup.settings')}
          </button>
        </nav>
      ) : (
        <button type="button" class="primary" onClick={() => openOptions('connection')} disabled={!status && !pageProblem}>
          {i18n.t(status?.state === 'failing' ? 'popup.fix' : 'popup.connect')}
        </button>
      )}
    </main>
  );
}

/**
 * Opens the options page on the section the link is about, in a new tab:
 * `openOptionsPage` takes no fragment, and would only bring forward an options
 * tab already open on another section.
 */
function openOptions(section: OptionsSection): void {
  void browser.tabs.create({ url: browser.runtime.getURL(optionsPath(section)) });
}

type PopupStatusProps = Omit<ReturnType<typeof useConnectionStatus>, 'setStatus'>;

function PopupStatus({ status, checking, pageProblem }: PopupStatusProps): JSX.Element {
  if (pageProblem) return <ProblemMessage problem={pageProblem} />;
  if (!status)
    return (
      <p class="status status-pending" role="status">
        {i18n.t('connection.checking')}
      </p>
    );
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
        <p class="status status-error" role="status">
          {i18n.t('popup.not_connected', [status.origin])}
        </p>
        <ProblemMessage problem={status.problem} />
      </div>
    );
  }
  const names = status.clients
    .map((client) => client.name ?? client.id)
    .filter(Boolean)
    .join(', ');
  return (
    <div data-state="connected">
      <p class="status status-ok" role="status">
        {i18n.t(checking ? 'popup.connected_checking' : 'popup.connected')}
      </p>
      <p class="hint">{i18n.t('popup.reporting_for', [names || i18n.t('popup.no_clients'), status.origin])}</p>
    </div>
  );
}
