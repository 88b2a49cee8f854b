import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SandboxContext } from './context.ts';
import type { ControlRoute } from './control-types.ts';
import { readBody } from './body.ts';
import { HttpError } from './http-error.ts';
import { json, sendJson } from './respond.ts';
import { matchRoute } from './router.ts';
import { parseJsonObject } from './json-body.ts';
import { parseFaultSpec } from './faults.ts';
import { resetState } from './state.ts';
import { updateSettings } from './answer-variants.ts';
import { sendError } from './api.ts';
import { CONTROL_INCIDENT_ROUTES } from './control-incidents.ts';

/** Control bodies are small JSON; 1 MB is plenty. */
const CONTROL_BODY_LIMIT = 1_000_000;

function reset(ctx: SandboxContext): void {
  resetState(ctx.state);
  ctx.faults.clear();
  ctx.requestLog.clear();
  ctx.delivery.cancelAll();
  ctx.delivery.log.length = 0;
}

const GENERAL_ROUTES: ControlRoute[] = [
  { method: 'POST', path: '/__sandbox/reset', handler: (_req, ctx) => (reset(ctx), json({ message: 'Sandbox reset to the seed.' })) },
  { method: 'GET', path: '/__sandbox/state', handler: (_req, ctx) => json({ message: 'OK', data: { ...ctx.state, faults: ctx.faults.list } }) },
  { method: 'GET', path: '/__sandbox/faults', handler: (_req, ctx) => json({ message: 'OK', data: ctx.faults.list }) },
  { method: 'POST', path: '/__sandbox/faults', handler: (req, ctx) => json({ message: 'Fault added.', data: ctx.faults.add(parseFaultSpec(req.body)) }, 201) },
  { method: 'DELETE', path: '/__sandbox/faults', handler: (_req, ctx) => (ctx.faults.clear(), json({ message: 'Faults cleared.' })) },
  { method: 'GET', path: '/__sandbox/requests', handler: (_req, ctx) => json({ message: 'OK', data: ctx.requestLog.entries }) },
  { method: 'DELETE', path: '/__sandbox/requests', handler: (_req, ctx) => (ctx.requestLog.clear(), json({ message: 'Request log cleared.' })) },
  { method: 'GET', path: '/__sandbox/deliveries', handler: (_req, ctx) => json({ message: 'OK', data: ctx.delivery.log }) },
  { method: 'DELETE', path: '/__sandbox/deliveries', handler: (_req, ctx) => ((ctx.delivery.log.length = 0), json({ message: 'Delivery log cleared.' })) },
  { method: 'GET', path: '/__sandbox/settings', handler: (_req, ctx) => json({ message: 'OK', data: ctx.state.settings }) },
  {
    method: 'PUT',
    path: '/__sandbox/settings',
    handler: (req, ctx) => (updateSettings(ctx.state.settings, req.body), json({ message: 'Settings updated.', data: ctx.state.settings })),
  },
];

const CONTROL_ROUTES: ControlRoute[] = [...GENERAL_ROUTES, ...CONTROL_INCIDENT_ROUTES];

/** Serves /__sandbox/ (no API key, never logged, never faulted). */
export async function handleControlRequest(req: IncomingMessage, res: ServerResponse, url: URL, ctx: SandboxContext): Promise<void> {
  try {
    const match = matchRoute(CONTROL_ROUTES, req.method ?? 'GET', url.pathname);
    if (!match) throw new HttpError(404, `No control route for ${req.method} ${url.pathname}.`);
    const raw = await readBody(req, CONTROL_BODY_LIMIT);
    if (raw.tooLarge) throw new HttpError(413, 'Control bodies must be under 1 MB.');
    const body = parseJsonObject(raw, req.headers['content-type'], false);
    const result = match.route.handler({ params: match.params, query: url.searchParams, body }, ctx);
    sendJson(res, result.status, result.body, result.headers);
  } catch (error) {
    sendError(res, error);
  }
}
