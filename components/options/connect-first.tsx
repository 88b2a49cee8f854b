import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { ConnectionStatus } from '@/utils/storage/connection-types';

/**
 * In place of a section that needs the service, until it is connected: what
 * the section will hold, and the one way there, the Connection section.
 */
export function ConnectFirst({ status, preview }: { status: ConnectionStatus | null; preview: string }): JSX.Element {
  return (
    <div class="card connect-first">
      {status ? (
        <>
          <p>{preview}</p>
          <a class="primary" href="#connection">
            {i18n.t(status.state === 'failing' ? 'options.fix_first' : 'options.connect_first')}
          </a>
        </>
      ) : (
        <p class="status status-pending">{i18n.t('connection.checking')}</p>
      )}
    </div>
  );
}
