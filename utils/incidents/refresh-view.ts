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
