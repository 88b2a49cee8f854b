import type { JSX } from 'preact';
import type { ClientSummary } from '@/utils/connection/types';

/** The organisations an API key reports for. */
export function ClientList({ clients }: { clients: ClientSummary[] }): JSX.Element {
  if (clients.length === 0) return <p class="hint">The service listed no clients for this key.</p>;
  return (
    <ul class="client-list" aria-label="Clients this key reports for">
      {clients.map((client) => (
        <li key={client.id} data-client-id={client.id}>
          <span class="client-name">{client.name}</span>
          {client.active === false && <span class="badge badge-muted">inactive</span>}
        </li>
      ))}
    </ul>
  );
}
