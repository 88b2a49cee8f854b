import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { describeProblem } from '@/utils/problems/sentences';
import { orderClientTree, type ClientTreeEntry } from '@/utils/connection/client-tree';
import type { ClientSummary, SavedConnection } from '@/utils/storage/connection-types';

type ClientListProps = Pick<SavedConnection, 'clients' | 'clientsSource' | 'skippedClients' | 'clientsProblem'>;
type Entry = ClientTreeEntry<ClientSummary>;

function nameOf(client: ClientSummary): string {
  return client.name ?? client.id ?? i18n.t('connection.client_unnamed');
}

/**
 * The items of one level: `entries` in tree order (utils/connection/client-tree.ts),
 * each followed by its sub-clients, which are listed inside it.
 */
function ClientItems({ entries, depth }: { entries: readonly Entry[]; depth: number }): JSX.Element {
  const items: JSX.Element[] = [];
  for (let at = 0; at < entries.length;) {
    let end = at + 1;
    while (end < entries.length && entries[end]!.depth > depth) end++;
    const { client } = entries[at]!;
    const subs = entries.slice(at + 1, end);
    items.push(
      <li key={client.id ?? `unnamed-${depth}-${at}`} data-client-id={client.id ?? undefined} data-parent-id={entries[at]!.parentId ?? undefined}>
        <span class="client-entry">
          <span class="client-name">{nameOf(client)}</span>
          {client.managed && <span class="badge">{i18n.t('client_kind.managed')}</span>}
          {client.active === false && <span class="badge badge-muted">{i18n.t('connection.client_inactive')}</span>}
        </span>
        {subs.length > 0 && (
          <ul class="client-list sub-clients" aria-label={i18n.t('connection.sub_clients_label', [nameOf(client)])}>
            <ClientItems entries={subs} depth={depth + 1} />
          </ul>
        )}
      </li>,
    );
    at = end;
  }
  return <>{items}</>;
}

/** The organisations an API key reports for, sub-clients listed inside their parent, and anything that could not be read about them. */
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
          <ClientItems entries={orderClientTree(clients)} depth={0} />
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
