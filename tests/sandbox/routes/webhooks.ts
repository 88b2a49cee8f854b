import type { ApiRequest, ApiRoute } from './api-types.ts';
import type { SandboxContext } from '../context.ts';
import type { WebhookRecord } from '../types.ts';
import { clientsFor, writeClientFor } from '../auth.ts';
import { HttpError, MESSAGES, badRequest } from '../http-error.ts';
import { json } from '../respond.ts';
import { parseJsonObject } from '../json-body.ts';
import { optionalString } from '../validate.ts';
import { EVENT_TYPES } from '../events.ts';
import { newSecret, randomId } from '../ids.ts';
import { nowIso } from '../clock.ts';

/** Spec, Limits: 5 subscriptions per client. */
const MAX_SUBSCRIPTIONS = 5;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const SECRET_NOTE = 'Store this secret now: it will not be shown again.';

/** The subscription as list, update and create show it (the secret only on create). */
function toPublic(sub: WebhookRecord): Record<string, unknown> {
  const { secret: _secret, ...rest } = sub;
  return rest;
}

/** HTTPS only, as the spec says; plain http to this machine so tests can receive deliveries. */
function checkUrl(value: unknown): string {
  if (typeof value !== 'string') throw badRequest('url is required: an HTTPS delivery URL.');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest(`url must be an HTTPS URL; got "${value}".`);
  }
  const local = url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !local) throw badRequest(`url must be an HTTPS URL (the sandbox also allows http://127.0.0.1 and http://localhost); got "${value}".`);
  return url.href;
}

function checkEvents(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) throw badRequest(`events is required: a non-empty array of ${EVENT_TYPES.join(', ')}.`);
  const bad = value.find((e) => typeof e !== 'string' || !(EVENT_TYPES as readonly string[]).includes(e));
  if (bad !== undefined) throw badRequest(`events may only list ${EVENT_TYPES.join(', ')}; got ${JSON.stringify(bad)}.`);
  return [...new Set(value as string[])];
}

function subscriptionOr404(req: ApiRequest, ctx: SandboxContext): WebhookRecord {
  const sub = ctx.state.webhooks.find((w) => w.id === req.params.id && req.scope.clientIds.includes(w.clientId));
  if (!sub) throw new HttpError(404, MESSAGES.webhookNotFound);
  return sub;
}

function createSubscription(req: ApiRequest, ctx: SandboxContext) {
  const body = parseJsonObject(req.body, req.contentType);
  const clientId = writeClientFor(req.scope, body.clientId);
  const url = checkUrl(body.url);
  const events = checkEvents(body.events);
  const description = optionalString(body, 'description');
  if (ctx.state.webhooks.filter((w) => w.clientId === clientId).length >= MAX_SUBSCRIPTIONS) {
    throw new HttpError(409, `A client can have at most ${MAX_SUBSCRIPTIONS} webhook subscriptions; delete one first.`);
  }
  const at = nowIso();
  const sub: WebhookRecord = { id: randomId('prefixed', 'wh'), clientId, url, secret: newSecret(), events, active: true, createdAt: at, updatedAt: at };
  if (description !== undefined) sub.description = description;
  ctx.state.webhooks.push(sub);
  return json({ message: 'Webhook subscription created.', data: { ...toPublic(sub), secret: sub.secret, message: SECRET_NOTE } }, 201);
}

function updateSubscription(req: ApiRequest, ctx: SandboxContext) {
  const sub = subscriptionOr404(req, ctx);
  const body = parseJsonObject(req.body, req.contentType);
  if (body.active !== undefined && typeof body.active !== 'boolean') throw badRequest('active must be true or false.');
  const url = body.url === undefined ? sub.url : checkUrl(body.url);
  const events = body.events === undefined ? sub.events : checkEvents(body.events);
  const description = optionalString(body, 'description');
  Object.assign(sub, { url, events, updatedAt: nowIso() });
  if (typeof body.active === 'boolean') sub.active = body.active;
  if (description !== undefined) sub.description = description;
  return json({ message: 'Webhook subscription updated.', data: toPublic(sub) });
}

/** The six webhook operations of the spec. */
export const WEBHOOK_ROUTES: ApiRoute[] = [
  { method: 'POST', path: '/v1/webhooks', handler: createSubscription },
  {
    method: 'GET',
    path: '/v1/webhooks',
    handler: (req, ctx) => {
      const clientIds = clientsFor(req.scope, req.query.get('clientId'));
      return json({ message: 'OK', data: ctx.state.webhooks.filter((w) => clientIds.includes(w.clientId)).map(toPublic) });
    },
  },
  { method: 'PATCH', path: '/v1/webhooks/:id', handler: updateSubscription },
  {
    method: 'DELETE',
    path: '/v1/webhooks/:id',
    handler: (req, ctx) => {
      const sub = subscriptionOr404(req, ctx);
      ctx.state.webhooks = ctx.state.webhooks.filter((w) => w !== sub);
      return json({ message: 'Webhook subscription deleted.' });
    },
  },
  {
    method: 'POST',
    path: '/v1/webhooks/:id/test',
    handler: (req, ctx) => json({ message: 'Test event queued.', data: ctx.delivery.sendTest(subscriptionOr404(req, ctx)) }),
  },
  {
    method: 'POST',
    path: '/v1/webhooks/:id/rotate-secret',
    handler: (req, ctx) => {
      const sub = subscriptionOr404(req, ctx);
      sub.secret = newSecret();
      sub.updatedAt = nowIso();
      return json({ message: 'Signing secret rotated.', data: { secret: sub.secret, message: `${SECRET_NOTE} The previous secret no longer verifies deliveries.` } });
    },
  },
];
