import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { ConnectionStatus } from '@/utils/storage/connection-types';
import { ClientList } from './client-list';
import { messageLocale } from '@/utils/i18n/locale';
import { ProblemMessage } from '../ui/problem-message';

interface ConnectionSummaryProps {
  status: ConnectionStatus | null;
  /** True while the live check runs. */
  checking: boolean;
}

/** Where the extension stands with the service: not set up, connected, or failing and why. */
export function ConnectionSummary({ status, checking }: ConnectionSummaryProps): JSX.Element {
  if (!status)
    return (
      <p class="status status-pending" role="status">
        {i18n.t('connection.checking')}
      </p>
    );
  if (status.state === 'not_configured') {
    return (
      <p class="status status-idle" role="status" data-state="not_configured">
        {i18n.t('connection.not_configured')}
      </p>
    );
  }
  const connected = status.state === 'connected';
  const line = i18n.t(connected ? 'connection.connected_to' : 'connection.failing_to', [status.origin, status.keyHint]);
  return (
    <div class="summary" data-state={status.state}>
      <p class={`status ${connected ? 'status-ok' : 'status-error'}`} role="status">
        {line}
        {checking && <span class="hint"> — {i18n.t('connection.checking_again')}</span>}
      </p>
      {status.state === 'failing' && <ProblemMessage problem={status.problem} />}
      <ClientList {...status} />
      <p class="hint">{i18n.t('connection.last_verified', [new Date(status.verifiedAt).toLocaleString(messageLocale())])}</p>
    </div>
  );
}
