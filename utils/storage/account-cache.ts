import { refreshStateItem } from './refresh-state';
import { clearWatchedIncidents } from './reports-db';

/**
 * Removes what the extension cached of the account: the statuses of watched
 * incidents and the refresh state. The user's own reports (the local history,
 * with its evidence) stay: they are records, not a cache.
 */
export async function clearAccountCache(): Promise<void> {
  await Promise.all([refreshStateItem.removeValue(), clearWatchedIncidents()]);
}
