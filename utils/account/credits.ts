import type { Usage } from '../api/schemas/account';
import type { ClientCredits, Credits } from '../storage/usage-cache';

export type { ClientCredits, Credits };

/** Reads `remainingCredits` by the spec's three forms. */
export function readCredits(remaining: unknown): Credits {
  if (typeof remaining === 'number' && Number.isFinite(remaining)) return { kind: 'number', remaining };
  if (remaining === 'unlimited') return { kind: 'unlimited' };
  if (remaining === null) return { kind: 'not_metered' };
  return { kind: 'unknown' };
}

/** A usage record as the pages show it. */
export function toClientCredits(usage: Usage): ClientCredits {
  return { clientId: usage.clientId, clientName: usage.clientName ?? null, credits: readCredits(usage.remainingCredits) };
}

/** The clients whose credits are counted (metered), optionally only one of them. */
export function meteredClients(balances: readonly ClientCredits[], clientId?: string): (ClientCredits & { credits: { kind: 'number' } })[] {
  return balances.filter((balance): balance is ClientCredits & { credits: { kind: 'number'; remaining: number } } => balance.credits.kind === 'number' && (!clientId || balance.clientId === clientId));
}
