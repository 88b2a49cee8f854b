import { nowIso } from './clock.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from './context.ts';
import type { ApiRoute } from './routes/api-types.ts';
import { readBody } from './body.ts';
import { resolveScope } from './auth.ts';
import { HttpError, MESSAGES } from './http-error.ts';
import { matchRoute } from './router.ts';
import { sendJson, sendRaw } from './respond.ts';
import { replacesResponse, sendFaultResponse } from './faults.ts';
import { INCIDENT_ROUTES } from './routes/incidents.ts';
import { REPORT_ROUTES } from './routes/reports.ts';
import { ACTION_ROUTES } from './routes/actions.ts';
import { ACCOUNT_ROUTES } from './routes/account.ts';
import { DOCUMENT_ROUTES } from './routes/documents.ts';
import { WEBHOOK_ROUTES } from './routes/webhooks.ts';

/** Order matters: the attach route must precede the generic action route. */
const API_ROUTES: ApiRoute[] = [...INCIDENT_ROUTES, ...REPORT_ROUTES, ...ACTION_ROUTES, ...ACCOUNT_ROUTES, ...DOCUMENT_ROUTES, ...WEBHOOK_ROUTES];

/** Writes an error as `{"message": ...}`; unexpected errors become a 500 with their text. */
export function sendError(res: ServerResponse, error: unknown, headers: Record<string, string> = {}): void {
  if (error instanceof HttpError) {
    sendJson(res, error.status, { message: error.message }, headers);
    return;
  }
  console.error('[sandbox] handler failed:', error);
  sendJson(res, 500, { message: `Sandbox internal error: ${error instanceof Error ? error.message : String(error)}` }, headers);
}

/**
 * Serves one /v1/ request: log it, read the body (bounded), apply a matching
 * fault, then authenticate, route and run the handler.
 */
export async function handleApiRequest(req: IncomingMessage, res: ServerResponse, url: URL, ctx: SandboxContext): Promise<void> {
  const method = req.method ?? 'GET';
  const entry = ctx.requestLog.start(req, url);
  res.on('finish', () => {
    entry.status = res.statusCode;
    entry.doneAt = nowIso();
    if (!ctx.quiet) console.log(`[sandbox] ${method} ${url.pathname}${url.search} → ${res.statusCode}`);
  });
  const body = await readBody(req);
  entry.bodyBytes = body.size;
  ctx.onRequestBody?.({ method, path: url.pathname, contentType: req.headers['content-type'] ?? null, body: body.bytes, receivedAt: performance.now() });
  const fault = ctx.faults.take(method, url.pathname);
  if (fault) {
    entry.faultId = fault.id;
    if (fault.latencyMs && !(await ctx.timers.sleep(fault.latencyMs))) return; // closed while waiting
    if (fault.hang) return; // never answered; close() destroys the socket
    if (fault.drop) {
      req.socket.destroy(); // the body arrived; the connection is cut before any answer
      return;
    }
    if (replacesResponse(fault)) {
      sendFaultResponse(res, fault);
      return;
    }
  }
  const extraHeaders = fault?.headers ?? {};
  try {
    const scope = resolveScope(ctx.state, req.headers['x-api-key']);
    const match = matchRoute(API_ROUTES, method, url.pathname);
    if (!match) throw new HttpError(404, `No API route for ${method} ${url.pathname}.`);
    if (body.tooLarge) throw new HttpError(413, match.route.upload ? MESSAGES.attachmentsLimit : MESSAGES.bodyTooLarge);
    const contentType = req.headers['content-type'];
    const result = await match.route.handler({ method, pathname: url.pathname, params: match.params, query: url.searchParams, contentType, body, scope }, ctx);
    if (result.raw !== undefined) sendRaw(res, result.status, result.raw, { ...result.headers, ...extraHeaders });
    else sendJson(res, result.status, result.body, { ...result.headers, ...extraHeaders });
  } catch (error) {
    sendError(res, error, extraHeaders);
  }
}
