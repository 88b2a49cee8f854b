import type { SandboxContext } from './context.ts';
import type { IncidentRecord } from './types.ts';
import { badRequest } from './http-error.ts';
import { nowIso } from './clock.ts';
import { idFormatFor, uniqueId } from './ids.ts';
import { SEED_CLIENTS } from './seed/accounts.ts';
import { stateFor } from './seed/incident-builder.ts';
import { systemEntry } from './seed/history.ts';
import { emitIncidentEvent } from './events.ts';

/**
 * Creates an incident as the operator's own detection would (source
 * SERVICE_DETECTED by default). Any IncidentStructure field in the body is
 * taken as given; clientId is required.
 */
export function createControlIncident(ctx: SandboxContext, body: Record<string, unknown>): IncidentRecord {
  const clientId = body.clientId;
  if (typeof clientId !== 'string' || !ctx.state.clients.some((c) => c.id === clientId)) {
    throw badRequest(`clientId must be one of ${ctx.state.clients.map((c) => c.id).join(', ')}.`);
  }
  const at = nowIso();
  const status = typeof body.status === 'string' ? body.status : 'pending_review';
  const inc: IncidentRecord = {
    id: uniqueId(idFormatFor(ctx.state.incidents.length), (id) => ctx.state.incidents.some((i) => i.id === id)),
    clientId,
    safeDomain: SEED_CLIENTS.find((c) => c.id === clientId)?.safeDomain ?? `${clientId}.example`,
    incidentType: 'page',
    source: 'SERVICE_DETECTED',
    status,
    timestamp: at,
    lastHistoryUpdateTimestamp: at,
    incidentClass: 'other',
    history: [systemEntry(at, 'Incident created.')],
    incidentState: stateFor(status, at),
    blocklists: [],
    snapshots: [],
    takedownAttempts: [],
    attachments: [],
    ...(body as Partial<IncidentRecord>),
  };
  if (ctx.state.incidents.some((i) => i.id === inc.id)) throw badRequest(`An incident with id "${inc.id}" already exists.`);
  if (!inc.subject && !inc.url && !inc.domain) throw badRequest('Give at least one of subject, url or domain.');
  ctx.state.incidents.push(inc);
  emitIncidentEvent(ctx, 'incident.created', inc);
  return inc;
}
