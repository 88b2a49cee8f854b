import type { DetailedIncident } from '@/utils/api/schemas/incident';
import { authorKind, newestFirst } from './incident-format';

/**
 * What the service asks of the user on an incident that waits for them: its
 * stated reason (`waitForClient`, when the answer carries one), else the
 * newest message an analyst wrote in the history, else nothing known.
 */
export type ServiceRequest = { kind: 'approval' | 'action'; said: { from: 'reason' | 'history'; text: string } | null };

/** The request of an incident whose status waits for the user; null for any other status. */
export function serviceRequestOf(incident: Pick<DetailedIncident, 'status' | 'history' | 'waitForClient'>): ServiceRequest | null {
  const kind = incident.status === 'approval_required' ? 'approval' : incident.status === 'action_required' ? 'action' : null;
  if (!kind) return null;
  const reason = typeof incident.waitForClient === 'string' ? incident.waitForClient.trim() : '';
  if (reason) return { kind, said: { from: 'reason', text: reason } };
  const latest = newestFirst(incident.history ?? []).find((entry) => authorKind(entry.author) === 'analyst' && entry.message.trim() !== '');
  return { kind, said: latest ? { from: 'history', text: latest.message.trim() } : null };
}
