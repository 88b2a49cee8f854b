import { storage } from '@wxt-dev/storage';
import { isProblem, type Problem } from '../problems/kinds';

/** A tracked incident whose own refresh failed; the others went on (issue 19). */
export interface RefreshFailure {
  id: string;
  /** Why its last try failed. */
  problem: Problem;
  /** Failed tries in a row: each one doubles the wait before the next. */
  failures: number;
  /** When the last try failed (ISO): it goes behind the incidents fetched since. */
  failedAt?: string;
  /** Not tried again before this time (ISO); absent: due now, unless the client cannot send its id at all. */
  retryAt?: string;
}

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
  /** Tracked incidents whose own request failed; read them with `refreshFailuresOf`. */
  failedIds?: RefreshFailure[];
}

const isTime = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** One stored failure, or null when its id or problem cannot be read; a bad optional field is dropped alone. */
function readFailure(value: unknown): RefreshFailure | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, problem, failures, failedAt, retryAt } = value as Record<string, unknown>;
  if (typeof id !== 'string' || !isProblem(problem)) return null;
  // An unreadable count still counts the failure seen.
  const count = typeof failures === 'number' && Number.isInteger(failures) && failures > 0 ? failures : 1;
  return { id, problem, failures: count, ...(isTime(failedAt) ? { failedAt } : {}), ...(isTime(retryAt) ? { retryAt } : {}) };
}

/**
 * The per-incident failures of a stored refresh state: the field was added
 * without a migration (older states have none), and an entry that cannot be
 * read is dropped alone, never the others or the state.
 */
export function refreshFailuresOf(state: Pick<RefreshState, 'failedIds'>): RefreshFailure[] {
  const stored: unknown = state.failedIds;
  if (!Array.isArray(stored)) return [];
  return stored.map(readFailure).filter((failure): failure is RefreshFailure => failure !== null);
}

/** The refresh state; written only by the background. */
export const refreshStateItem = storage.defineItem<RefreshState>('local:refreshState', {
  fallback: {},
  version: 1,
});
