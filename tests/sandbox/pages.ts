import type { ServerResponse } from 'node:http';
import type { SandboxContext } from './context.ts';
import { pathSegments } from './router.ts';
import { sendRaw } from './respond.ts';
import { documentFile, signedUrlProblem } from './files.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

/** GET /dashboard/incidents/{id}: a tiny page, so the link a report returns opens something. */
function serveDashboard(res: ServerResponse, ctx: SandboxContext, id: string): void {
  const inc = ctx.state.incidents.find((i) => i.id === id);
  if (!inc) {
    sendRaw(res, 404, page('Not found', '<h1>Incident not found</h1>'), { 'content-type': 'text/html; charset=utf-8' });
    return;
  }
  const rows = [
    ['Id', inc.id],
    ['Subject', inc.subject ?? inc.url ?? inc.domain ?? ''],
    ['Type', inc.incidentType],
    ['Status', inc.status],
    ['Reported', inc.timestamp],
  ]
    .map(([k, v]) => `<tr><th>${escapeHtml(k ?? '')}</th><td data-field="${escapeHtml((k ?? '').toLowerCase())}">${escapeHtml(v ?? '')}</td></tr>`)
    .join('');
  sendRaw(res, 200, page(`Incident ${inc.id}`, `<h1>Incident ${escapeHtml(inc.id)}</h1><table>${rows}</table>`), { 'content-type': 'text/html; charset=utf-8' });
}

/** GET /__sandbox/files/{docId}?sig&expires: the signed document download. */
function serveFile(res: ServerResponse, ctx: SandboxContext, docId: string, url: URL): void {
  const doc = ctx.state.documents.find((d) => d.id === docId);
  const problem = doc ? signedUrlProblem(ctx, docId, url.searchParams.get('sig'), url.searchParams.get('expires')) : 'Document not found.';
  if (!doc || problem) {
    sendRaw(res, doc ? 403 : 404, problem ?? 'Document not found.', { 'content-type': 'text/plain; charset=utf-8' });
    return;
  }
  const file = documentFile(doc);
  sendRaw(res, 200, file.bytes, { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.fileName.replace(/"/g, '')}"` });
}

/** Serves the non-JSON pages; returns false when the path is not one of them. */
export function handlePage(method: string, res: ServerResponse, url: URL, ctx: SandboxContext): boolean {
  if (method !== 'GET') return false;
  const segments = pathSegments(url.pathname);
  const [a, b, id] = segments;
  if (segments.length !== 3 || id === undefined) return false;
  if (a === 'dashboard' && b === 'incidents') serveDashboard(res, ctx, id);
  else if (a === '__sandbox' && b === 'files') serveFile(res, ctx, id, url);
  else return false;
  return true;
}
