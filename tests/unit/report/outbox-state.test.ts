import { describe, expect, it } from 'vitest';
import type { Problem } from '@/utils/problems/kinds';
import { canMove, stateAfterRestart, stateForOutcome, stateForProblem } from '@/utils/report/outbox-state';
import type { ReportState } from '@/utils/storage/report-types';

const STATES: ReportState[] = ['draft', 'queued', 'sending', 'sent', 'duplicate', 'failed', 'unknown'];

/** Every allowed move; any pair not listed is refused. */
const ALLOWED = new Set([
  'draft>queued',
  'draft>duplicate',
  'queued>sending',
  'sending>sent',
  'sending>duplicate',
  'sending>failed',
  'sending>unknown',
  'failed>queued',
  'unknown>queued',
  'unknown>sent',
  'unknown>duplicate',
  'unknown>failed',
]);

describe('the outbox state machine', () => {
  it.each(STATES.flatMap((from) => STATES.map((to) => [from, to, ALLOWED.has(`${from}>${to}`)] as const)))('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canMove(from, to)).toBe(allowed);
  });

  it('never sends a report again without passing through queued, which only the user or a draft reaches', () => {
    const intoQueued = STATES.filter((from) => canMove(from, 'queued'));
    expect(intoQueued).toEqual(['draft', 'failed', 'unknown']);
    expect(STATES.filter((from) => canMove(from, 'sending'))).toEqual(['queued']);
  });

  it.each<[ReportState, ReportState]>([
    ['draft', 'draft'],
    ['queued', 'queued'],
    ['sending', 'unknown'],
    ['sent', 'sent'],
    ['duplicate', 'duplicate'],
    ['failed', 'failed'],
    ['unknown', 'unknown'],
  ])('after a restart, %s is %s', (before, after) => {
    expect(stateAfterRestart(before)).toBe(after);
  });

  it.each([
    [{ status: 'reported', id: 'inc_1' }, 'sent'],
    [{ status: 'possible_duplicate', message: 'may be a duplicate' }, 'duplicate'],
    // A 2xx is received, its id readable or not (the spec: a subject lookup is not an idempotency check).
    [{ status: 'unconfirmed', httpStatus: 200 }, 'sent'],
    [{ status: 'unconfirmed', httpStatus: 201, message: 'Created.' }, 'sent'],
  ] as const)('a 2xx answer %j makes it %s', (outcome, state) => {
    expect(stateForOutcome(outcome)).toBe(state);
  });

  it.each<[Problem, ReportState]>([
    [{ kind: 'duplicate', status: 409 }, 'duplicate'],
    [{ kind: 'timeout' }, 'unknown'],
    [{ kind: 'unexpected_response' }, 'unknown'],
    [{ kind: 'network' }, 'unknown'],
    [{ kind: 'unauthorized', status: 401 }, 'failed'],
    [{ kind: 'too_large', status: 413 }, 'failed'],
    [{ kind: 'invalid_request', status: 400 }, 'failed'],
    [{ kind: 'rate_limited', status: 429 }, 'failed'],
    [{ kind: 'server_error', status: 503 }, 'unknown'],
    [{ kind: 'server_error', status: 502 }, 'unknown'],
    [{ kind: 'server_error', status: 500 }, 'failed'],
    [{ kind: 'server_error', status: 501 }, 'failed'],
    [{ kind: 'server_error', status: 505 }, 'failed'],
    [{ kind: 'server_error', status: 504 }, 'unknown'],
    [{ kind: 'server_error' }, 'failed'],
    [{ kind: 'not_found', status: 404 }, 'failed'],
    [{ kind: 'not_configured' }, 'failed'],
    [{ kind: 'permission_missing', origin: 'https://api.example' }, 'failed'],
  ])('a failure %j makes it %s', (problem, state) => {
    expect(stateForProblem(problem)).toBe(state);
  });
});
