import type { SandboxState } from './state.ts';
import { HttpError, MESSAGES } from './http-error.ts';

/** The clients one API key may act for. */
export interface KeyScope {
  key: string;
  clientIds: string[];
}

/** Resolves the `x-api-key` header, or throws the 401 for a missing or unknown key. */
export function resolveScope(state: SandboxState, header: string | string[] | undefined): KeyScope {
  const key = Array.isArray(header) ? header[0] : header;
  const record = key ? state.keys.find((k) => k.key === key) : undefined;
  if (!record) throw new HttpError(401, MESSAGES.invalidKey);
  return { key: record.key, clientIds: [...record.clientIds] };
}

/**
 * Narrows the scope to one client when a `clientId` is given. A client the key
 * does not hold is a 401 (spec: Authentication, rule 3), not a 404 or 403.
 */
export function clientsFor(scope: KeyScope, clientId: unknown): string[] {
  if (clientId === undefined || clientId === null || clientId === '') return scope.clientIds;
  if (typeof clientId !== 'string' || !scope.clientIds.includes(clientId)) {
    throw new HttpError(401, MESSAGES.unauthorizedClient);
  }
  return [clientId];
}

/** Picks the single client a write acts for: the given one, or the key's first (parent) client. */
export function writeClientFor(scope: KeyScope, clientId: unknown): string {
  const [first] = clientsFor(scope, clientId);
  if (!first) throw new HttpError(401, MESSAGES.unauthorizedClient);
  return first;
}
