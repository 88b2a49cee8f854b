import { describe, expect, it } from 'vitest';
import { waitingCount } from '@/components/my-reports/my-reports';

// "N reports wait for you" above My reports counts these (issue 39 named the count).
describe('the reports My reports says are waiting', () => {
  it.each<[string, { state: string }[] | null, number]>([
    ['none while the reports load', null, 0],
    ['none when all were sent', [{ state: 'sent' }, { state: 'draft' }], 0],
    ['failed ones and ones whose outcome is not known', [{ state: 'failed' }, { state: 'unknown' }, { state: 'sent' }, { state: 'sending' }], 2],
  ])('%s', (_case, reports, count) => {
    expect(waitingCount(reports)).toBe(count);
  });
});
