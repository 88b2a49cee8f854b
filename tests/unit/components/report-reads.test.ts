import { afterEach, describe, expect, it, vi } from 'vitest';
import { rowsInFirstView } from '@/components/my-reports/report-table';

// The order of My reports' reads (issue 24): the database does one thing at a
// time, so what the first paint waits for goes first, alone.
const calls = vi.hoisted(() => [] as string[]);
const firstPage = vi.hoisted(() => ({ release: () => {} }));

vi.mock('@/utils/report/report-store', () => ({
  readRecentPage: (_states: unknown, limit: number) => {
    calls.push(`first page of ${limit}`);
    return new Promise((resolve) => (firstPage.release = () => resolve({ reports: [], watched: [] })));
  },
  countReports: () => {
    calls.push('count');
    return Promise.resolve(10_100);
  },
  listReports: () => {
    calls.push('all reports');
    return Promise.resolve([]);
  },
  listWatchedIncidents: () => {
    calls.push('all incidents');
    return Promise.resolve([]);
  },
  watchReportChanges: () => () => undefined,
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('My reports’ first reads', () => {
  it('read the first page alone, as many rows as the first view renders; the count and everything else only once it is in', async () => {
    vi.stubGlobal('innerHeight', 720);
    const { startReportReadsEarly } = await import('@/components/my-reports/use-reports');
    const first = startReportReadsEarly();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(['first page of 20']);
    firstPage.release();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(['first page of 20', 'count', 'all reports', 'all incidents']);
  });
});

describe('rowsInFirstView', () => {
  // The scroller is 70 % of the window tall; a row 45 px; 8 rendered beyond the last in view.
  it.each([
    [720, 12 + 8],
    [1440, 23 + 8],
    [2160, 34 + 8],
    [0, 8],
  ])('in a window %i px tall: %i rows', (height, rows) => {
    expect(rowsInFirstView(height)).toBe(rows);
  });
});
