import type { JSX } from 'preact';
import type { ConnectionStatus } from '@/utils/connection/types';
import { ClientList } from './client-list';

interface ConnectionSummaryProps {
  status: ConnectionStatus | null;
  /** True while the live check runs. */
  checking: boolean;
}

/** Where the extension stands with the service: not set up, connected, or failing and why. */
export function ConnectionSummary({ status, checking }: ConnectionSummaryProps): JSX.Element {
  if (!status) return <p class="status status-pending" role="status">Checking the connection…</p>;
  if (status.state === 'not_configured') {
    return (
      <p class="status status-idle" role="status" data-state="not_configured">
        Not connected yet. Enter your service URL and API key.
      </p>
    );
  }
  const connected = status.state === 'connected';
  return (
    <div class="summary" data-state={status.state}>
      <p class={`status ${connected ? 'status-ok' : 'status-error'}`} role="status">
        {connected ? 'Connected' : 'Not working'} to <strong>{status.origin}</strong> with key{' '}
        <code>{status.keyHint}</code>
        {checking && <span class="hint"> — checking…</span>}
      </p>
      {status.state === 'failing' && (
        <p class="problem" role="alert">
          {status.problem.message}
        </p>
      )}
      <ClientList clients={status.clients} />
      <p class="hint">Last verified {new Date(status.verifiedAt).toLocaleString()}.</p>
    </div>
  );
}
