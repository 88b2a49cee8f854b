import { refreshStateItem } from './refresh-state';
import { clearWatchedIncidents } from './reports-db';
import { usageCacheItem } from './usage-cache';

/**
 * Removes what the extension cached of the account: the statuses of watched
 * incidents, the refresh state and the last credit balances. The user's own reports (the local history,
 * with its evidence) stay: they are records, not a cache.
 */
export async function clearAccountCache(): Promise<void> {
  await Promise.all([refreshStateItem.removeValue(), clearWatchedIncidents(), usageCacheItem.removeValue()]);
}
