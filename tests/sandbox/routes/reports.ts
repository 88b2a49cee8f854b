import type { ApiRequest, ApiRoute } from './api-types.ts';
import type { SandboxContext } from '../context.ts';
import type { IncidentRecord } from '../types.ts';
import { writeClientFor } from '../auth.ts';
import { HttpError, MESSAGES, badRequest } from '../http-error.ts';
import { json } from '../respond.ts';
import { parseReportBody } from '../json-body.ts';
import { attachmentMeta, checkAttachments, isMultipart, parseMultipart } from '../multipart.ts';
import { resolveReportTarget, type ReportTarget } from '../report-target.ts';
import { hostOf, isEmail, normaliseSubject, optionalString } from '../validate.ts';
import { idFormatFor, uniqueId } from '../ids.ts';
import { nowIso } from '../clock.ts';
import { SEED_CLIENTS } from '../seed/accounts.ts';
import { stateFor } from '../seed/incident-builder.ts';
import { clientEntry, systemEntry } from '../seed/history.ts';
import { emitIncidentEvent } from '../events.ts';
import { addHistory } from '../incident-mutations.ts';
import { incidentOr404 } from './incidents.ts';
import { reportAnswer } from '../answer-variants.ts';

/** Hosts under this suffix take the older processing path on duplicates (brief). */
const LEGACY_SUFFIX = '.legacy.example';

/** The dashboard link a report returns; the sandbox serves a tiny page there. */
function dashboardUrl(ctx: SandboxContext, id: string): string {
  return `${ctx.baseUrl}/dashboard/incidents/${encodeURIComponent(id)}`;
}

function findDuplicate(ctx: SandboxContext, clientId: string, target: ReportTarget): IncidentRecord | undefined {
  const key = normaliseSubject(target.subject);
  return ctx.state.incidents.find((i) => i.clientId === clientId && [i.subject, i.url].some((v) => v !== undefined && normaliseSubject(v) === key));
}

function isLegacy(ctx: SandboxContext, target: ReportTarget): boolean {
  const host = hostOf(target.url ?? target.subject);
  return ctx.state.settings.legacyDuplicates || (host !== null && host.endsWith(LEGACY_SUFFIX));
}

async function report(req: ApiRequest, ctx: SandboxContext, mode: 'tkd' | 'monitor') {
  const { fields, files } = await parseReportBody(req.body, req.contentType);
  checkAttachments(files);
  const clientId = writeClientFor(req.scope, fields.clientId);
  const comment = optionalString(fields, 'comment');
  const reportedBy = optionalString(fields, 'reportedBy', 'an email address');
  if (reportedBy !== undefined && !isEmail(reportedBy)) throw badRequest(`reportedBy must be an email address; got "${reportedBy}".`);
  const target = resolveReportTarget(fields);
  if (findDuplicate(ctx, clientId, target)) {
    if (isLegacy(ctx, target)) return json({ message: MESSAGES.legacyDuplicate });
    throw new HttpError(409, MESSAGES.incidentExists);
  }
  const at = nowIso();
  const status = mode === 'tkd' ? 'pending_review' : 'pre_weaponised';
  const inc: IncidentRecord = {
    id: uniqueId(idFormatFor(ctx.state.incidents.length), (id) => ctx.state.incidents.some((i) => i.id === id)),
    clientId,
    safeDomain: SEED_CLIENTS.find((c) => c.id === clientId)?.safeDomain ?? `${clientId}.example`,
    ...target,
    source: 'CLIENT_REPORTED',
    status,
    timestamp: at,
    lastHistoryUpdateTimestamp: at,
    incidentClass: 'other',
    history: [systemEntry(at, mode === 'tkd' ? 'Incident reported by the client for takedown.' : 'Incident reported by the client for monitoring.')],
    incidentState: stateFor(status, at),
    blocklists: [],
    snapshots: [],
    takedownAttempts: [],
    attachments: await attachmentMeta(files),
  };
  if (reportedBy) inc.reportedBy = reportedBy;
  if (comment !== undefined) {
    inc.comment = comment;
    if (comment.trim()) inc.history.unshift(clientEntry(nowIso(), reportedBy, comment, clientId));
  }
  ctx.state.incidents.push(inc);
  emitIncidentEvent(ctx, 'incident.created', inc);
  const message = mode === 'tkd' ? 'Incident submitted for takedown.' : 'Incident submitted for monitoring.';
  return reportAnswer(ctx, { message, id: inc.id, url: dashboardUrl(ctx, inc.id) });
}

async function attach(req: ApiRequest, ctx: SandboxContext) {
  const inc = incidentOr404(req, ctx, req.params.id ?? '');
  if (!isMultipart(req.contentType)) throw badRequest('attach expects multipart/form-data with one attachments part per file.');
  const { files } = await parseMultipart(req.body.bytes, req.contentType ?? '');
  checkAttachments(files);
  if (files.length === 0) throw badRequest('attachments is required: send at least one file.');
  inc.attachments.push(...(await attachmentMeta(files)));
  addHistory(ctx, inc, clientEntry(nowIso(), undefined, `${files.length} file(s) attached.`));
  return json({ message: 'Attachments received.', id: inc.id });
}

/** Reporting a new incident, and adding files to an existing one. */
export const REPORT_ROUTES: ApiRoute[] = [
  { method: 'POST', path: '/v1/incident/tkd', upload: true, handler: (req, ctx) => report(req, ctx, 'tkd') },
  { method: 'POST', path: '/v1/incident/monitor', upload: true, handler: (req, ctx) => report(req, ctx, 'monitor') },
  { method: 'POST', path: '/v1/incident/:id/attach', upload: true, handler: attach },
];
