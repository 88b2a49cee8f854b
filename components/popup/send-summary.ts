import { i18n } from '#i18n';
import { keyDefaultClient } from '@/utils/connection/default-client';
import { messageLocale } from '@/utils/i18n/locale';
import type { ClientSummary } from '@/utils/storage/connection-types';
import type { FileRole, StoredFile } from '@/utils/storage/report-types';
import { reportableClients } from '../shared/client-picker';
import { formatFileSize } from '../shared/labels';

/** The captured parts, in the order the evidence picker lists them. */
const CAPTURED = ['screenshot', 'page_source', 'page_details'] as const;

interface SendingInput {
  /** Everything captured and added; `included` says what goes. */
  files: readonly StoredFile[];
  included: ReadonlySet<FileRole>;
  /** The client chosen; empty for the key's default. */
  clientId: string;
  clients: readonly ClientSummary[];
}

/**
 * What a report made now goes with, in one line: its evidence, their size
 * and the client it is filed for ("Screenshot, page source, details · 47 kB ·
 * Acme Holdings"). Read from the same files and client the report takes.
 */
export function describeSending({ files, included, clientId, clients }: SendingInput): string {
  // The evidence record is written when the report is queued: its size is not known yet.
  const going = files.filter((file) => included.has(file.role) && file.role !== 'record');
  const parts: string[] = CAPTURED.filter((role) => going.some((file) => file.role === role)).map((role) => i18n.t(`report.bar.${role}`));
  const added = going.filter((file) => file.role === 'extra').length;
  if (added > 0) parts.push(i18n.t('report.bar.files', added, [String(added)]));
  if (parts.length === 0) return [i18n.t('report.bar.record_only'), clientLabel(clientId, clients)].join(' · ');
  const evidence = upperFirst(new Intl.ListFormat(messageLocale(), { type: 'unit', style: 'short' }).format(parts));
  const size = formatFileSize(going.reduce((total, file) => total + file.blob.size, 0));
  return [evidence, size, clientLabel(clientId, clients)].join(' · ');
}

/**
 * The client's name (its id when it has none). With no client chosen the
 * report goes for the key's default: named when the client list tells which.
 */
function clientLabel(clientId: string, clients: readonly ClientSummary[]): string {
  const chosen = clientId ? reportableClients(clients).find((client) => client.id === clientId) : keyDefaultClient(clients);
  if (chosen) return chosen.name ?? chosen.id;
  return clientId || i18n.t('report.form.client_default');
}

function upperFirst(text: string): string {
  return text.charAt(0).toLocaleUpperCase(messageLocale()) + text.slice(1);
}
