import type { ControlRequest, ControlRoute } from './control-types.ts';
import type { SandboxContext } from './context.ts';
import type { BlocklistListing, HistoryAuthorDetails, IncidentRecord } from './types.ts';
import { HttpError, MESSAGES, badRequest } from './http-error.ts';
import { json } from './respond.ts';
import { nowIso } from './clock.ts';
import { STATUSES } from './routes/incidents.ts';
import { ANALYST_AUTHOR, systemEntry } from './seed/history.ts';
import { addHistory, changeStatus, markTakedownUpdated } from './incident-mutations.ts';
import { emitIncidentEvent } from './events.ts';
import { recordTakedownAttempt } from './control-takedowns.ts';
import { createControlIncident } from './control-create.ts';

/** Finds any incident by id, whatever its client. */
function incidentById(ctx: SandboxContext, id: string | undefined): IncidentRecord {
  const inc = ctx.state.incidents.find((i) => i.id === id);
  if (!inc) throw new HttpError(404, MESSAGES.incidentNotFound);
  return inc;
}

function requireString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(`${field} is required (a string).`);
  return value;
}

/** Sets a status and emits what a real status move would, including takedown and action events. */
function applyStatus(ctx: SandboxContext, inc: IncidentRecord, status: string, message?: string, reason?: string): void {
  if (!(STATUSES as readonly string[]).includes(status)) throw badRequest(`status must be one of ${STATUSES.join(', ')}.`);
  changeStatus(ctx, inc, status, message);
  if (status === 'takedown_in_progress') markTakedownUpdated(ctx, inc);
  if (status === 'action_required') {
    inc.waitForClient = reason ?? true;
    emitIncidentEvent(ctx, 'incident.action_required', inc, { waitForClient: inc.waitForClient });
  }
}

function addBlocklist(req: ControlRequest, ctx: SandboxContext) {
  const inc = incidentById(ctx, req.params.id);
  const { body } = req;
  const authority = requireString(body, 'authority');
  const type = body.type ?? 'blocklist';
  const status = body.status ?? 'listed';
  if (type !== 'blocklist' && type !== 'warning-banner') throw badRequest('type must be blocklist or warning-banner.');
  if (status !== 'listed' && status !== 'submitted') throw badRequest('status must be listed or submitted.');
  if (body.listedAt !== undefined && body.listedAt !== null && typeof body.listedAt !== 'string') throw badRequest('listedAt must be a date string or null.');
  if (body.link !== undefined && body.link !== null && typeof body.link !== 'string') throw badRequest('link must be a string or null.');
  const listing: BlocklistListing = { authority, type, status, listedAt: body.listedAt === undefined ? (status === 'listed' ? nowIso() : null) : (body.listedAt as string | null) };
  if (body.link !== undefined) listing.link = body.link as string | null;
  inc.blocklists.push(listing);
  // Spec: entries are ordered oldest listing first; unconfirmed (null) ones go last.
  inc.blocklists.sort((a, b) => (a.listedAt ?? '\uffff').localeCompare(b.listedAt ?? '\uffff'));
  addHistory(ctx, inc, systemEntry(nowIso(), status === 'listed' ? `Listed by ${authority}.` : `Submitted to ${authority}.`));
  return json({ message: 'Blocklist listing added.', data: inc });
}

function addHistoryLine(req: ControlRequest, ctx: SandboxContext) {
  const inc = incidentById(ctx, req.params.id);
  const message = requireString(req.body, 'message');
  const author = typeof req.body.author === 'string' ? req.body.author : ANALYST_AUTHOR;
  const details = req.body.authorDetails;
  if (details !== undefined && (typeof details !== 'object' || details === null)) throw badRequest('authorDetails must be an object.');
  addHistory(ctx, inc, { timestamp: nowIso(), message, author, ...(details ? { authorDetails: details as HistoryAuthorDetails } : {}) });
  return json({ message: 'History entry added.', data: inc });
}

function setInsights(req: ControlRequest, ctx: SandboxContext) {
  const inc = incidentById(ctx, req.params.id);
  inc.insights = { snapshotTimestamp: nowIso(), ...req.body };
  return json({ message: 'Insights replaced.', data: inc });
}

function patchIncident(req: ControlRequest, ctx: SandboxContext) {
  const inc = incidentById(ctx, req.params.id);
  const before = inc.status;
  const fields = inc as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(req.body)) {
    if (key === 'id') continue;
    if (value === null) delete fields[key];
    else fields[key] = value;
  }
  if (inc.status !== before) {
    inc.lastHistoryUpdateTimestamp = nowIso();
    emitIncidentEvent(ctx, 'incident.status_changed', inc);
  }
  return json({ message: 'Incident updated.', data: inc });
}

/** Control routes that change one incident the way the operator's analysts would. */
export const CONTROL_INCIDENT_ROUTES: ControlRoute[] = [
  { method: 'POST', path: '/__sandbox/incidents', handler: (req, ctx) => json({ message: 'Incident created.', data: createControlIncident(ctx, req.body) }, 201) },
  { method: 'PATCH', path: '/__sandbox/incidents/:id', handler: patchIncident },
  {
    method: 'POST',
    path: '/__sandbox/incidents/:id/status',
    handler: (req, ctx) => {
      const inc = incidentById(ctx, req.params.id);
      const message = typeof req.body.message === 'string' ? req.body.message : undefined;
      applyStatus(ctx, inc, requireString(req.body, 'status'), message, message);
      return json({ message: 'Status changed.', data: inc });
    },
  },
  { method: 'POST', path: '/__sandbox/incidents/:id/history', handler: addHistoryLine },
  { method: 'POST', path: '/__sandbox/incidents/:id/blocklists', handler: addBlocklist },
  { method: 'PUT', path: '/__sandbox/incidents/:id/insights', handler: setInsights },
  {
    method: 'DELETE',
    path: '/__sandbox/incidents/:id/insights',
    handler: (req, ctx) => {
      const inc = incidentById(ctx, req.params.id);
      delete inc.insights;
      return json({ message: 'Insights removed.', data: inc });
    },
  },
  {
    method: 'POST',
    path: '/__sandbox/incidents/:id/snapshots',
    handler: (req, ctx) => {
      const inc = incidentById(ctx, req.params.id);
      const snapshot = { id: `snap_${inc.id}_${inc.snapshots.length + 1}`, incidentId: inc.id, type: 'manual', timestamp: nowIso(), description: null, ...req.body };
      inc.snapshots.unshift(snapshot);
      return json({ message: 'Snapshot added.', data: snapshot }, 201);
    },
  },
  {
    method: 'POST',
    path: '/__sandbox/incidents/:id/takedown-attempts',
    handler: (req, ctx) => json({ message: 'Takedown attempt recorded.', data: recordTakedownAttempt(ctx, incidentById(ctx, req.params.id), req.body) }),
  },
  {
    method: 'POST',
    path: '/__sandbox/incidents/:id/action-required',
    handler: (req, ctx) => {
      const inc = incidentById(ctx, req.params.id);
      const reason = typeof req.body.reason === 'string' ? req.body.reason : undefined;
      applyStatus(ctx, inc, 'action_required', reason ? `Action required: ${reason}` : 'Action required from the client.', reason);
      return json({ message: 'Action requested from the client.', data: inc });
    },
  },
];
