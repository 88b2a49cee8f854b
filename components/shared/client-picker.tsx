import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { orderClientTree } from '@/utils/connection/client-tree';
import { keyDefaultClient } from '@/utils/connection/default-client';
import type { ClientSummary } from '@/utils/storage/connection-types';

interface ClientPickerProps {
  id: string;
  clients: readonly ClientSummary[];
  value: string;
  onChange(clientId: string): void;
}

/** Clients a report can be filed for: only those with an id can be named in a request. */
export function reportableClients(clients: readonly ClientSummary[]): (ClientSummary & { id: string })[] {
  return clients.filter((client): client is ClientSummary & { id: string } => client.id !== null && client.active !== false);
}

/** A client's label indented once per level it sits under its parent ("— Acme Bank"): a select's options cannot nest. */
export function nested(label: string, depth: number): string {
  return depth > 0 ? nested(i18n.t('client_kind.nested', [label]), depth - 1) : label;
}

/** The choice that sends no client: named by the client it files under ("Acme Holdings (this key's default)") when the list tells which. */
function defaultClientLabel(clients: readonly ClientSummary[]): string {
  const client = keyDefaultClient(clients);
  return client ? i18n.t('report.form.client_default_named', [client.name ?? client.id]) : i18n.t('report.form.client_default');
}

/** The sub-client picker, shown only when the key reports for more than one client; sub-clients under their parent. */
export function ClientPicker({ id, clients, value, onChange }: ClientPickerProps): JSX.Element | null {
  const choices = reportableClients(clients);
  if (choices.length < 2) return null;
  return (
    <div class="field">
      <label for={id}>{i18n.t('report.form.client')}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">{defaultClientLabel(clients)}</option>
        {orderClientTree(choices).map(({ client, depth }) => (
          <option key={client.id} value={client.id}>
            {nested(client.name ? `${client.name} (${client.id})` : client.id, depth)}
          </option>
        ))}
      </select>
    </div>
  );
}
