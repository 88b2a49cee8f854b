import type { RefreshState } from '../storage/refresh-state';

/** Status refresh, as the pages may call it through the background service. */
export interface StatusService {
  /** Refreshes every followed incident now (the refresh button); answers the refresh state after it. */
  refresh(): Promise<RefreshState>;
}
