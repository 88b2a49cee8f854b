import type { IncidentActionKind, OutboxReport } from '../storage/report-types';
import { keepActionRecord } from './outbox-upkeep';

// What the user did on an existing incident (approve, comment, attach…) is
// kept as an action, not a report (issue 44): My reports lists it apart and
// never counts it among reports.

/** What is known of the incident an action was done on, from the page that did it. */
export interface ActionTarget {
  incidentId: string;
  subject?: string | null;
  clientId?: string | null;
  status?: string | null;
}

/** Keeps an action the service accepted on an incident, with the incident it was done on. */
export async function recordIncidentAction(target: ActionTarget, kind: IncidentActionKind, now: Date = new Date()): Promise<OutboxReport> {
  const at = now.toISOString();
  const record: OutboxReport = {
    id: crypto.randomUUID(),
    createdAt: at,
    updatedAt: at,
    sentAt: at,
    state: 'sent',
    action: 'tkd',
    subject: { type: 'url', value: target.subject || target.incidentId },
    fields: {},
    files: [],
    origin: 'popup',
    attempts: 1,
    recordKind: 'action',
    incidentAction: { kind, outcome: 'done' },
    incident: { id: target.incidentId, ...(target.status ? { status: target.status } : {}), ...(target.clientId ? { clientId: target.clientId } : {}) },
  };
  await keepActionRecord(record);
  return record;
}
