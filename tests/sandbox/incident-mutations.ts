import type { SandboxContext } from './context.ts';
import type { HistoryEntry, IncidentRecord } from './types.ts';
import { emitIncidentEvent } from './events.ts';
import { nowIso } from './clock.ts';
import { stateFor } from './seed/incident-builder.ts';
import { SYSTEM_AUTHOR, systemEntry } from './seed/history.ts';

/** The spec leaves historyEntry.type open; the sandbox derives it from the author. */
function historyType(author: string): string {
  if (author === SYSTEM_AUTHOR) return 'status_update';
  if (author.startsWith('Client')) return 'client_message';
  return 'analyst_message';
}

/** Adds a history entry (newest first) and emits incident.history_created. */
export function addHistory(ctx: SandboxContext, inc: IncidentRecord, entry: HistoryEntry): void {
  inc.history.unshift(entry);
  inc.lastHistoryUpdateTimestamp = entry.timestamp;
  emitIncidentEvent(ctx, 'incident.history_created', inc, { historyEntry: { message: entry.message, type: historyType(entry.author) } });
}

/**
 * Moves an incident to a status: stamps the takedown times, refreshes the
 * scan state, writes a Service System line and emits status_changed (only
 * when the status really changed) and history_created.
 */
export function changeStatus(ctx: SandboxContext, inc: IncidentRecord, status: string, message?: string): void {
  const changed = inc.status !== status;
  const at = nowIso();
  inc.status = status;
  if (inc.statusVerbose !== undefined) inc.statusVerbose = status;
  if (status !== 'action_required') delete inc.waitForClient;
  if (status === 'takedown_in_progress' && !inc.burnStartedTimestamp) inc.burnStartedTimestamp = at;
  if (status === 'takedown_success') inc.takedownTimestamp = at;
  inc.incidentState = stateFor(status, at);
  inc.lastHistoryUpdateTimestamp = at;
  if (changed) emitIncidentEvent(ctx, 'incident.status_changed', inc);
  addHistory(ctx, inc, systemEntry(nowIso(), message ?? `Status changed to ${status}.`));
}

/** Records that a takedown was initiated or re-initiated. */
export function markTakedownUpdated(ctx: SandboxContext, inc: IncidentRecord): void {
  emitIncidentEvent(ctx, 'incident.takedown_updated', inc);
}
