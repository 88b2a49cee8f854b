import { browser } from 'wxt/browser';
import { refreshStateItem, type RefreshState } from '../storage/refresh-state';

// The status refresh's state as the pages read it: when it last ran, what it
// could not do, and which incidents it could not refresh.

export { refreshFailuresOf, type RefreshFailure, type RefreshState } from '../storage/refresh-state';

/** The refresh state as last stored. */
export function readRefreshState(): Promise<RefreshState> {
  return refreshStateItem.getValue();
}

/** Calls back whenever the refresh state changes (a refresh starts or ends); returns the unsubscribe. */
export function watchRefreshState(callback: (state: RefreshState) => void): () => void {
  return refreshStateItem.watch(callback);
}

/** The alarm that runs the scheduled status refresh (set by utils/background/status.ts). */
export const REFRESH_ALARM = 'takedown-reporter:refresh-status';

/** When the next scheduled refresh runs (epoch ms), so My reports can say it (issue 44); null when none is scheduled. */
export async function readNextRefreshAt(): Promise<number | null> {
  const alarm = await browser.alarms.get(REFRESH_ALARM).catch(() => undefined);
  return alarm?.scheduledTime ?? null;
}
