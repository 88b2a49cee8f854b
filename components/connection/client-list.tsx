import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { describeProblem } from '@/utils/messaging/problem-text';
import type { SavedConnection } from '@/utils/connection/types';

type ClientListProps = Pick<SavedConnection, 'clients' | 'clientsSource' | 'skippedClients' | 'clientsProblem'>;

/** The organisations an API key reports for, and anything that could not be read about them. */
export function ClientList({ clients, clientsSource, skippedClients, clientsProblem }: ClientListProps): JSX.Element {
  return (
    <div class="clients">
      {clientsSource === 'whoami' && (
        <p class="hint" data-testid="clients-fallback">
          {i18n.t('connection.clients_from_whoami', [clientsProblem ? describeProblem(clientsProblem) : ''])}
        </p>
      )}
      {clients.length === 0 ? (
        <p class="hint">{i18n.t('connection.no_clients')}</p>
      ) : (
        <ul class="client-list" aria-label={i18n.t('connection.clients_label')}>
          {clients.map((client, index) => (
            <li key={client.id ?? `unnamed-${index}`} data-client-id={client.id ?? undefined}>
              <span class="client-name">{client.name ?? client.id ?? i18n.t('connection.client_unnamed')}</span>
              {client.managed && <span class="badge">{i18n.t('client_kind.managed')}</span>}
              {client.active === false && <span class="badge badge-muted">{i18n.t('connection.client_inactive')}</span>}
            </li>
          ))}
        </ul>
      )}
      {skippedClients > 0 && (
        <p class="hint" role="note" data-testid="clients-skipped">
          {i18n.t('connection.skipped_clients', skippedClients)}
        </p>
      )}
    </div>
  );
}
