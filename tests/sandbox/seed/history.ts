import type { HistoryEntry } from '../types.ts';

/** The three author forms the spec lists under IncidentHistory. */
export const SYSTEM_AUTHOR = 'Service System';
export const ANALYST_AUTHOR = 'Service';

/** Formats the client author label; the spec falls back to the word Client. */
function clientAuthor(sender: string | undefined): string {
  return `Client (${sender && sender.length > 0 ? sender : 'Client'})`;
}

/** An automated status line. */
export function systemEntry(timestamp: string, message: string, withDetails = false): HistoryEntry {
  const entry: HistoryEntry = { timestamp, message, author: SYSTEM_AUTHOR };
  if (withDetails) entry.authorDetails = { type: 'operator', clientId: null, email: null, automated: true };
  return entry;
}

/** A message from an analyst. */
export function analystEntry(timestamp: string, message: string, withDetails = false): HistoryEntry {
  const entry: HistoryEntry = { timestamp, message, author: ANALYST_AUTHOR };
  if (withDetails) entry.authorDetails = { type: 'operator', clientId: null, email: 'analyst@service-operator.example', automated: false };
  return entry;
}

/** A message, approval or decline from the client organisation. */
export function clientEntry(timestamp: string, sender: string | undefined, message: string, clientId?: string): HistoryEntry {
  const entry: HistoryEntry = { timestamp, message, author: clientAuthor(sender) };
  if (clientId !== undefined) entry.authorDetails = { type: 'client', clientId, email: sender ?? null, automated: false };
  return entry;
}

/** Sorts entries newest first, as the spec's examples list them. */
export function newestFirst(entries: HistoryEntry[]): HistoryEntry[] {
  return [...entries].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
}
