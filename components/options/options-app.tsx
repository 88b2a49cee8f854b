import type { JSX } from 'preact';
import { ConnectionForm } from '../connection/connection-form';
import { ConnectionSummary } from '../connection/connection-summary';
import { useConnectionStatus } from '../connection/use-connection-status';
import { sendMessage } from '@/utils/messaging/protocol';

/** The options page: connect the extension to the service. */
export function OptionsApp(): JSX.Element {
  const { status, setStatus, checking, messageError } = useConnectionStatus();

  async function forget(): Promise<void> {
    if (!confirm('Remove the saved service URL and API key from this browser?')) return;
    setStatus(await sendMessage('forgetConnection'));
  }

  return (
    <main class="page">
      <header class="page-header">
        <img src="/icon/48.png" alt="" width={32} height={32} />
        <h1>Takedown Reporter settings</h1>
      </header>
      <section aria-labelledby="connection-heading" class="card">
        <h2 id="connection-heading">Service connection</h2>
        {messageError && (
          <p class="problem" role="alert">
            {messageError}
          </p>
        )}
        <ConnectionSummary status={status} checking={checking} />
        {status && (
          // Remount only when a connection appears or goes, not when a live check changes its state mid-typing.
          <ConnectionForm key={status.state === 'not_configured' ? 'new' : 'saved'} status={status} onSaved={setStatus} />
        )}
        {status && status.state !== 'not_configured' && (
          <button type="button" class="link-button" onClick={forget}>
            Forget this connection
          </button>
        )}
      </section>
    </main>
  );
}
