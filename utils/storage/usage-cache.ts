import { storage } from '@wxt-dev/storage';

/**
 * A client's remaining credits, read by the spec's rule (UsageStructure): a
 * number when metered, the string `unlimited`, null when the client does not
 * use credits. Anything else (absent, another string) is `unknown`: shown as
 * such rather than guessed.
 */
export type Credits = { kind: 'number'; remaining: number } | { kind: 'unlimited' } | { kind: 'not_metered' } | { kind: 'unknown' };

/** One client's balance as the pages show it. */
export interface ClientCredits {
  clientId: string;
  clientName: string | null;
  credits: Credits;
}

/** The last usage answer, for the connection it was read with. */
export interface CachedUsage {
  /** Which connection (service URL and masked key) the balances belong to. */
  connection: string;
  /** Epoch milliseconds of the answer. */
  readAt: number;
  balances: ClientCredits[];
  /** Usage entries the service sent that could not be read. */
  skipped: number;
}

/**
 * The last GET /v1/usage answer, so opening the popup does not ask the service
 * each time. Session storage: it outlives the service worker's restarts (MV3
 * stops it when idle) and goes with the browser session. Balances only, no key.
 */
export const usageCacheItem = storage.defineItem<CachedUsage | null>('session:usageCache', {
  fallback: null,
  version: 1,
});
