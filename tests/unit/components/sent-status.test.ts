import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { rowTone } from '@/components/my-reports/row-labels';
import type { RowStatus } from '@/components/my-reports/report-rows';
import { readNextRefreshAt, REFRESH_ALARM } from '@/utils/incidents/refresh-view';

// Issue 44, point 1: a sent report whose status is not known yet is neutral,
// never the green of an outcome; My reports can say when the next refresh runs.

describe('the colour of a sent report', () => {
  it.each<[RowStatus, string]>([
    ['report:sent', 'neutral'],
    ['incident:pending_review', 'progress'],
    ['report:failed', 'bad'],
    ['incident:takedown_success', 'done'],
  ])('%s reads %s', (status, tone) => {
    expect(rowTone(status)).toBe(tone);
  });
});

describe('when the next scheduled refresh runs', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is the refresh alarm time, or none when no refresh is scheduled', async () => {
    expect(await readNextRefreshAt()).toBeNull();
    await fakeBrowser.alarms.create(REFRESH_ALARM, { when: Date.UTC(2026, 10, 28, 14, 5) });
    expect(await readNextRefreshAt()).toBe(Date.UTC(2026, 10, 28, 14, 5));
  });
});
