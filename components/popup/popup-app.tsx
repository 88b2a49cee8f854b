import type { JSX } from 'preact';
import { browser } from 'wxt/browser';
import { useConnectionStatus } from '../connection/use-connection-status';

/** The toolbar popup: whether the extension can report right now. */
export function PopupApp(): JSX.Element {
  const { status, checking, messageError } = useConnectionStatus();
  const openOptions = () => void browser.runtime.openOptionsPage();

  return (
    <main class="popup">
      <header class="popup-header">
        <img src="/icon/32.png" alt="" width={20} height={20} />
        <h1>Takedown Reporter</h1>
      </header>
      <PopupStatus status={status} checking={checking} messageError={messageError} />
      {status?.state === 'connected' ? (
        <button type="button" class="link-button" onClick={openOptions}>
          Settings
        </button>
      ) : (
        <button type="button" class="primary" onClick={openOptions} disabled={!status && !messageError}>
          {status?.state === 'failing' ? 'Fix the connection' : 'Connect to your service'}
        </button>
      )}
    </main>
  );
}

type PopupStatusProps = Omit<ReturnType<typeof useConnectionStatus>, 'setStatus'>;

function PopupStatus({ status, checking, messageError }: PopupStatusProps): JSX.Element {
  if (messageError) return <p class="problem" role="alert">{messageError}</p>;
  if (!status) return <p class="status status-pending" role="status">Checking the connection…</p>;
  if (status.state === 'not_configured') {
    return (
      <p class="status status-idle" role="status" data-state="not_configured">
        Not set up yet: connect the extension to your incident service first.
      </p>
    );
  }
  const names = status.clients.map((client) => client.name).join(', ');
  if (status.state === 'failing') {
    return (
      <div data-state="failing">
        <p class="status status-error" role="status">Not connected to {status.origin}</p>
        <p class="problem" role="alert">{status.problem.message}</p>
      </div>
    );
  }
  return (
    <div data-state="connected">
      <p class="status status-ok" role="status">
        Connected{checking ? ' (checking…)' : ''}
      </p>
      <p class="hint">
        Reporting for <strong>{names || 'no clients'}</strong> at {status.origin}
      </p>
    </div>
  );
}
