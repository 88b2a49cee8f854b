import type { SandboxContext } from './context.ts';
import type { IncidentRecord } from './types.ts';

/** Spec, Events: the event types a subscription may list. */
export const EVENT_TYPES = ['incident.created', 'incident.status_changed', 'incident.history_created', 'incident.takedown_updated', 'incident.action_required', 'webhook.test'] as const;

/** One of the event types. */
export type EventType = (typeof EVENT_TYPES)[number];

/** Builds the `data` object of an incident event from the incident's current state. */
function incidentEventData(inc: IncidentRecord, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const data: Record<string, unknown> = {
    incidentId: inc.id,
    clientId: inc.clientId,
    safeDomain: inc.safeDomain,
    url: inc.url,
    subject: inc.subject,
    incidentType: inc.incidentType,
    domain: inc.domain,
    source: inc.source,
    status: inc.status,
    incidentClass: inc.threatTaxonomy || inc.incidentClass !== 'other' ? inc.incidentClass : 'n/a',
    reportedBy: inc.reportedBy,
    timestamp: inc.timestamp,
    lastHistoryUpdateTimestamp: inc.lastHistoryUpdateTimestamp,
    burnStartedTimestamp: inc.burnStartedTimestamp,
    takedownTimestamp: inc.takedownTimestamp,
    ...extra,
  };
  // Absent rather than null: the spec says every field but incidentId may be missing.
  for (const key of Object.keys(data)) if (data[key] === undefined) delete data[key];
  return data;
}

/** Sends an incident event to every matching subscription of the incident's client. */
export function emitIncidentEvent(ctx: SandboxContext, event: EventType, inc: IncidentRecord, extra?: Record<string, unknown>): void {
  ctx.delivery.dispatch(inc.clientId, event, incidentEventData(inc, extra));
}
