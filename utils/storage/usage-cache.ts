import { storage } from '@wxt-dev/storage';
import type { ClientCredits } from '../account/credits';

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
