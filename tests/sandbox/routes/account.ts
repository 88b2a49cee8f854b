import type { ApiRequest, ApiRoute } from './api-types.ts';
import type { SandboxContext } from '../context.ts';
import type { UserRecord } from '../types.ts';
import { clientsFor } from '../auth.ts';
import { json } from '../respond.ts';
import { clientsAnswer, whoamiAnswer } from '../answer-variants.ts';
import { enumParam } from '../query.ts';
import { clientName } from '../state.ts';
import { STAFF_EMAIL_DOMAIN } from '../seed/accounts.ts';

const ROLES = ['superuser', 'parentadmin', 'user', 'admin'] as const;

function clientsOfKey(req: ApiRequest, ctx: SandboxContext) {
  return ctx.state.clients.filter((c) => req.scope.clientIds.includes(c.id)).map(({ id, name, active }) => ({ id, name, active }));
}

/** Spec: staff are identified by the admin role or the operator's email domain, and never returned. */
function isStaff(user: UserRecord): boolean {
  return user.roles.includes('admin') || user.email.toLowerCase().endsWith(STAFF_EMAIL_DOMAIN);
}

function listUsers(req: ApiRequest, ctx: SandboxContext) {
  const clientIds = clientsFor(req.scope, req.query.get('clientId'));
  const role = req.query.has('role') ? enumParam(req.query, 'role', ROLES, 'user') : undefined;
  const users = ctx.state.users
    .filter((u) => !isStaff(u) && u.clientId !== undefined && clientIds.includes(u.clientId) && (!role || u.roles.includes(role)))
    .map((u) => ({ ...u, clientName: u.clientId ? (clientName(ctx.state, u.clientId) ?? undefined) : undefined }));
  return json({ message: 'OK', data: users });
}

function listUsage(req: ApiRequest, ctx: SandboxContext) {
  const clientIds = clientsFor(req.scope, req.query.get('clientId'));
  const data = clientIds.map((id) => ({
    clientId: id,
    clientName: clientName(ctx.state, id),
    remainingCredits: ctx.state.usage.find((u) => u.clientId === id)?.remainingCredits ?? null,
  }));
  return json({ message: 'OK', data });
}

/** whoami, clients, users and usage; the envelopes are the sandbox's choice (spec: not shown). */
export const ACCOUNT_ROUTES: ApiRoute[] = [
  { method: 'GET', path: '/v1/whoami', handler: (req, ctx) => whoamiAnswer(ctx, clientsOfKey(req, ctx)) },
  { method: 'GET', path: '/v1/clients', handler: (req, ctx) => clientsAnswer(ctx, clientsOfKey(req, ctx)) },
  { method: 'GET', path: '/v1/users', handler: listUsers },
  { method: 'GET', path: '/v1/usage', handler: listUsage },
];
