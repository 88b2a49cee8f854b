import type { ApiRequest, ApiRoute } from './api-types.ts';
import type { SandboxContext } from '../context.ts';
import type { IncidentRecord } from '../types.ts';
import { clientsFor } from '../auth.ts';
import { HttpError, MESSAGES, badRequest } from '../http-error.ts';
import { json } from '../respond.ts';
import { boolParam, dateParam, enumParam, intParam } from '../query.ts';
import { findIncident } from '../state.ts';
import { newestFirst, toDetail, toListItem, toResolution } from '../incident-view.ts';
import { normaliseSubject } from '../validate.ts';

/** Spec: the eleven Status values. */
export const STATUSES = [
  'pending_review',
  'case_building',
  'approval_required',
  'takedown_ready',
  'pre_weaponised',
  'takedown_in_progress',
  'takedown_success',
  'takedown_attempt_failed',
  'blocklisted',
  'action_required',
  'closed',
] as const;

function scopedIncidents(req: ApiRequest, ctx: SandboxContext): IncidentRecord[] {
  const clientIds = clientsFor(req.scope, req.query.get('clientId'));
  return ctx.state.incidents.filter((i) => clientIds.includes(i.clientId));
}

/** Finds an incident the key may see, or throws the 404. */
export function incidentOr404(req: ApiRequest, ctx: SandboxContext, id: string): IncidentRecord {
  const inc = findIncident(ctx.state, id, req.scope.clientIds);
  if (!inc) throw new HttpError(404, MESSAGES.incidentNotFound);
  return inc;
}

function listIncidents(req: ApiRequest, ctx: SandboxContext) {
  const { query } = req;
  const from = dateParam(query, 'fromDate');
  const to = dateParam(query, 'toDate');
  const status = query.has('status') ? enumParam(query, 'status', STATUSES, 'pending_review') : undefined;
  const types = query
    .get('incidentType')
    ?.split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const limit = intParam(query, 'limit', 5000, 1);
  const includeTotal = boolParam(query, 'includeTotal');
  const matching = scopedIncidents(req, ctx)
    .filter((i) => {
      const t = Date.parse(i.timestamp);
      return (from === undefined || t > from) && (to === undefined || t < to) && (!status || i.status === status) && (!types || types.includes(i.incidentType));
    })
    .sort(newestFirst);
  const cursor = query.get('cursor');
  let start = 0;
  if (cursor !== null && cursor !== '') {
    const index = matching.findIndex((i) => i.id === cursor);
    if (index < 0) throw badRequest(`cursor "${cursor}" does not match this query; start again without a cursor.`);
    start = index + 1;
  }
  const page = matching.slice(start, start + limit);
  const last = page[page.length - 1];
  const hasMore = start + limit < matching.length;
  const paging: Record<string, unknown> = { cursor: last?.id ?? cursor ?? '', next: hasMore && last ? last.id : null, limit, count: page.length };
  if (includeTotal) paging.total = matching.length;
  return json({ message: 'OK', data: page.map(toListItem), paging });
}

function lookUpSubject(req: ApiRequest, ctx: SandboxContext) {
  const wanted = normaliseSubject(req.params.subject ?? '');
  const match = scopedIncidents(req, ctx)
    .sort(newestFirst)
    .find((i) => [i.subject, i.url, i.domain].some((v) => v !== undefined && normaliseSubject(v) === wanted));
  if (!match) throw new HttpError(404, MESSAGES.incidentNotFound);
  return json({ data: toDetail(match), message: 'OK' });
}

function listResolutions(req: ApiRequest, ctx: SandboxContext) {
  return json({ message: 'OK', data: scopedIncidents(req, ctx).sort(newestFirst).map(toResolution) });
}

/** Incident queries: list, by id, by subject, snapshots, resolutions. */
export const INCIDENT_ROUTES: ApiRoute[] = [
  { method: 'GET', path: '/v1/incidents', handler: listIncidents },
  { method: 'GET', path: '/v1/incidents/resolutions', handler: listResolutions },
  { method: 'GET', path: '/v1/incident/subject/:subject', handler: lookUpSubject },
  { method: 'GET', path: '/v1/incident/:id', handler: (req, ctx) => json({ data: toDetail(incidentOr404(req, ctx, req.params.id ?? '')), message: 'OK' }) },
  {
    method: 'GET',
    path: '/v1/incident/:id/snapshots',
    handler: (req, ctx) => json({ message: 'OK', data: incidentOr404(req, ctx, req.params.id ?? '').snapshots }),
  },
];
