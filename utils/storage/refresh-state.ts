import { storage } from '@wxt-dev/storage';
import type { Problem } from '../messaging/problems';

/** What the last background status refresh did; the list shows it ("updated 5 minutes ago"). */
export interface RefreshState {
  /** When the last refresh that completed started (ISO): statuses are as of then. */
  lastSuccessAt?: string;
  /** When the last refresh started (ISO), whatever its end. */
  lastAttemptAt?: string;
  /** Why the last refresh failed; absent after a success. The statuses shown stay those of `lastSuccessAt`. */
  problem?: Problem;
  /** A 429 asked to wait: no refresh before this time (ISO). */
  retryAfter?: string;
  /** A refresh is running now (set at start, cleared at the end). */
  running?: boolean;
  /** What the last successful refresh asked for: list pages and per-id requests. */
  requests?: { listPages: number; perId: number };
  /** Sub-clients listed with their own `clientId` query: the unfiltered list was seen to leave their incidents out. */
  separateClients?: string[];
  /** Tracked incidents the service answered 404 for: not asked again. */
  missingIds?: string[];
}

/** The refresh state; written only by the background. */
export const refreshStateItem = storage.defineItem<RefreshState>('local:refreshState', {
  fallback: {},
  version: 1,
});
