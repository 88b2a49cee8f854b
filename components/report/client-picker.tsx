import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { ClientSummary } from '@/utils/connection/types';

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

/** The sub-client picker, shown only when the key reports for more than one client. */
export function ClientPicker({ id, clients, value, onChange }: ClientPickerProps): JSX.Element | null {
  const choices = reportableClients(clients);
  if (choices.length < 2) return null;
  return (
    <div class="field">
      <label for={id}>{i18n.t('report.form.client')}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        <option value="">{i18n.t('report.form.client_default')}</option>
        {choices.map((client) => (
          <option key={client.id} value={client.id}>
            {client.name ? `${client.name} (${client.id})` : client.id}
          </option>
        ))}
      </select>
    </div>
  );
}
