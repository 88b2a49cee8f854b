import { describe, expect, it } from 'vitest';
import { shownProblem } from '@/components/reporting/report-result';
import type { Problem } from '@/utils/problems/kinds';

// Whether a report's result says why its last try did not go: only where the user can act on it.

const OFFLINE: Problem = { kind: 'offline' };

describe('the last problem under a report’s result', () => {
  it.each([
    ['failed', false, OFFLINE],
    ['unknown', false, OFFLINE],
    ['queued', true, OFFLINE],
    ['queued', false, null],
    ['sending', false, null],
    ['sent', false, null],
  ] as const)('of a %s report (waiting for the network: %s) is %o', (state, waitingForNetwork, shown) => {
    expect(shownProblem({ state, waitingForNetwork, lastProblem: OFFLINE })).toEqual(shown);
  });

  it('is none when the report has none', () => {
    expect(shownProblem({ state: 'failed' })).toBeNull();
  });
});
