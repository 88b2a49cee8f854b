import type { SandboxContext } from './context.ts';
import { HttpError } from './http-error.ts';
import { json, text, type HandlerResult } from './respond.ts';
import { CLIENTS_VARIANTS, REPORT_VARIANTS, WHOAMI_VARIANTS, type SandboxSettings } from './types.ts';

// Answers a service may give where the spec says "not shown" (whoami) or
// allows more than one reading, switched with PUT /__sandbox/settings. They
// let the extension be tested against services other than this one.

interface ClientItem {
  id: string;
  name: string;
  active: boolean;
}

/** GET /v1/whoami in the shape the settings ask for; the key's own clients in it. */
export function whoamiAnswer(ctx: SandboxContext, clients: ClientItem[]): HandlerResult {
  switch (ctx.state.settings.whoami) {
    case 'bare-strings':
      return json({ message: 'OK', data: { clients: clients.map((c) => c.name) } });
    case 'client-keys':
      return json({ message: 'OK', data: { clients: clients.map((c) => ({ clientId: c.id, clientName: c.name })) } });
    case 'no-active':
      return json({ message: 'OK', data: { clients: clients.map(({ id, name }) => ({ id, name })) } });
    case 'key-only':
      return json({ message: 'OK', data: { key: { name: 'Demo key' } } });
    case 'empty-body':
      return text('');
    default:
      return json({ message: 'OK', data: { clients } });
  }
}

/** GET /v1/clients in the shape the settings ask for. */
export function clientsAnswer(ctx: SandboxContext, clients: ClientItem[]): HandlerResult {
  switch (ctx.state.settings.clients) {
    case 'fail':
      return json({ message: 'Internal error' }, 500);
    case 'bare-array':
      return json(clients);
    case 'partly-malformed': {
      const [first, second, ...rest] = clients;
      const odd = [first && { ...first, active: 'yes' }, second && { id: second.id, active: second.active }].filter(Boolean);
      return json({ message: 'OK', data: [...odd, ...rest] });
    }
    default:
      return json({ message: 'OK', data: clients });
  }
}

/** The 200 answer to a stored report, in the shape the settings ask for. */
export function reportAnswer(ctx: SandboxContext, spec: { message: string; id: string; url: string }): HandlerResult {
  switch (ctx.state.settings.report) {
    case 'numeric-id':
      return json({ message: spec.message, id: Number.parseInt(spec.id.replace(/\D/g, '').slice(0, 9) || '1', 10), url: spec.url });
    case 'not-json':
      return text('OK');
    case 'empty':
      return text('');
    default:
      return json(spec);
  }
}

function pick<T extends string>(value: unknown, allowed: readonly T[], name: string): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new HttpError(400, `${name} must be one of ${allowed.join(', ')}.`);
}

/** Applies the settings a PUT /__sandbox/settings body names; the rest stay. */
export function updateSettings(settings: SandboxSettings, body: Record<string, unknown>): void {
  const { legacyDuplicates } = body;
  if (legacyDuplicates !== undefined && typeof legacyDuplicates !== 'boolean') throw new HttpError(400, 'legacyDuplicates must be true or false.');
  const whoami = pick(body.whoami, WHOAMI_VARIANTS, 'whoami');
  const clients = pick(body.clients, CLIENTS_VARIANTS, 'clients');
  const report = pick(body.report, REPORT_VARIANTS, 'report');
  if (legacyDuplicates !== undefined) settings.legacyDuplicates = legacyDuplicates;
  if (whoami) settings.whoami = whoami;
  if (clients) settings.clients = clients;
  if (report) settings.report = report;
}
