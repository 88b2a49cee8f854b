import { describe, expect, it } from 'vitest';
import { tallyWords } from '@/components/review/tally-words';
import type { ReviewTally } from '@/components/review/review-state';

// The line under the review's rows once reporting started (issue 44): what
// was sent, what failed, what still needs the user — never "2 of 2 done"
// when one is an existing incident waiting for the user's decision.

const none: ReviewTally = { sent: 0, duplicate: 0, queued: 0, working: 0, toGo: 0, failed: 0, toCheck: 0, decide: 0, followedUp: 0 };

describe('the review’s end line', () => {
  it.each<[string, Partial<ReviewTally>, boolean, string]>([
    ['one sent, one existing incident waiting for the user', { sent: 1, decide: 1 }, false, '1 sent · 1 waits for your decision'],
    ['all sent', { sent: 3 }, false, '3 sent'],
    ['two existing incidents waiting', { decide: 2 }, false, '2 wait for your decision'],
    ['followed up', { sent: 1, followedUp: 1 }, false, '1 sent · 1 existing incident followed up'],
    ['a failure and one to check', { sent: 2, toCheck: 1, failed: 1 }, false, '2 sent · 1 may have arrived: check it · 1 failed'],
    ['known already, and queued', { duplicate: 1, queued: 2 }, false, '1 already known to the service · 2 queued, sent once the service can be reached'],
    ['while the reports go out', { sent: 1, working: 1, toGo: 2 }, true, '1 sent · 1 in progress · 2 to go'],
    ['rows ticked after the reports went out are not on their way', { sent: 1, toGo: 2 }, false, '1 sent'],
  ])('%s', (_name, counts, running, line) => {
    expect(tallyWords({ ...none, ...counts }, running)).toBe(line);
  });
});
