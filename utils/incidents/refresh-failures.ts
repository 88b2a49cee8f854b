import type { ApiErrorInfo } from '../api/errors';
import { segmentRefusal } from '../api/request';
import type { Problem } from '../problems/kinds';
import type { RefreshFailure } from '../storage/refresh-state';

// One incident's failed request must not sink a refresh, nor be asked first
// at every refresh after (issue 19): it is recorded on the incident and waits
// 5 minutes, then 10, 20 … up to a day, before it is asked again.

/** The wait after a first failure. */
const FIRST_BACKOFF_MS = 5 * 60 * 1000;
/** The longest wait between two tries of one incident. */
const MAX_BACKOFF_MS = 24 * 60 * 60 * 1000;

/**
 * The refusal the request layer answers an id with before sending anything
 * (its own rule, utils/api/request.ts), or null for an id it sends. Checked
 * here so such an id is never handed to the API at all.
 */
export function unsendableIdProblem(id: string): Problem | null {
  const refusal = segmentRefusal(id);
  return refusal ? { kind: 'invalid_request', refusal } : null;
}

/** True for a refusal of the id itself: asking again would be refused again, so it is never retried. */
export function isUnsendable(problem: Problem): boolean {
  return problem.kind === 'invalid_request' && (problem.refusal === 'missing_id' || problem.refusal === 'dot_segment');
}

/** The wait after the `failures`-th failure in a row: 5 minutes doubling, at most a day. */
export function backoffMs(failures: number): number {
  return Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1), MAX_BACKOFF_MS);
}

/** The failure to record for an incident whose request failed now, after the `previous` failures in a row. */
export function nextFailure(id: string, problem: Problem, previous: RefreshFailure | undefined, now: Date): RefreshFailure {
  const failedAt = now.toISOString();
  // Never retried: no time to wait for.
  if (isUnsendable(problem)) return { id, problem, failures: 1, failedAt };
  const failures = (previous?.failures ?? 0) + 1;
  return { id, problem, failures, failedAt, retryAt: new Date(now.getTime() + backoffMs(failures)).toISOString() };
}

/** True while a failed incident is not to be asked for: it waits out its backoff, or its id cannot be sent. */
export function isBackingOff(failure: RefreshFailure, now: Date): boolean {
  if (isUnsendable(failure.problem)) return true;
  return failure.retryAt !== undefined && Date.parse(failure.retryAt) > now.getTime();
}

/**
 * True for a per-id failure about the whole service, not the incident: the
 * key refused (asking for others is refused too) or a 429 (asking more is
 * what it forbids). The refresh stops asking and fails, keeping what arrived.
 */
export function stopsTheRefresh(info: ApiErrorInfo): boolean {
  return info.kind === 'rate_limited' || (info.kind === 'unauthorized' && !info.clientScoped);
}
