import { describe, expect, it } from 'vitest';
import type { Incident } from '@/utils/api/schemas/incident';
import { daysAndHours, incidentsByClient, labelledWeeks, outcomeOf, outcomesByWeek, quantile, timeToTakedown, weekStart, type Outcome } from '@/components/insights/outcomes';
import { EXTENSION_SOURCE, type ReportRow, type RowStatus } from '@/components/my-reports/report-rows';
import type { WatchedIncident } from '@/utils/storage/reports-db';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function watched(id: string, incident: Partial<Incident>): WatchedIncident {
  return { id, incident: { id, ...incident } as Incident, fetchedAt: '2026-11-20T00:00:00Z', statusSeenAt: '2026-11-20T00:00:00Z' };
}

function row(status: RowStatus, reportedAt: number | undefined, source = EXTENSION_SOURCE): ReportRow {
  return { key: String(Math.random()), status, reportedAt, source, needsAttention: false, labels: { status: '' }, haystack: '', sortText: {} };
}

describe('outcomeOf', () => {
  it.each<[RowStatus, Outcome]>([
    ['report:failed', 'not_received'],
    ['report:unknown', 'not_received'],
    ['report:queued', 'in_progress'],
    ['report:sending', 'in_progress'],
    ['report:sent', 'in_progress'],
    ['incident:takedown_success', 'taken_down'],
    ['incident:closed', 'closed'],
    ['incident:pending_review', 'in_progress'],
    ['incident:takedown_attempt_failed', 'in_progress'],
    ['incident:a_status_added_later', 'in_progress'],
    ['incident:', 'in_progress'],
  ])('%s → %s', (status, outcome) => {
    expect(outcomeOf(status)).toBe(outcome);
  });
});

describe('weekStart', () => {
  it.each([
    ['a Wednesday afternoon', new Date(2026, 10, 18, 15, 30), new Date(2026, 10, 16)],
    ['a Monday at midnight', new Date(2026, 10, 16, 0, 0), new Date(2026, 10, 16)],
    ['a Sunday night', new Date(2026, 10, 22, 23, 59), new Date(2026, 10, 16)],
    ['across a month', new Date(2026, 11, 2, 9), new Date(2026, 10, 30)],
  ])('%s', (_, time, monday) => {
    expect(weekStart(time.getTime())).toBe(monday.getTime());
  });
});

describe('outcomesByWeek', () => {
  const now = new Date(2026, 10, 23, 12).getTime(); // Monday 23 November 2026
  it('counts this extension’s reports of the last weeks by outcome, oldest week first', () => {
    const weeks = outcomesByWeek(
      [
        row('incident:takedown_success', new Date(2026, 10, 23, 9).getTime()),
        row('report:failed', new Date(2026, 10, 23, 10).getTime()),
        row('incident:closed', new Date(2026, 10, 22, 10).getTime()),
        row('incident:pending_review', new Date(2026, 10, 16, 0).getTime()),
        // Another incident of the account, not a report of ours: left out.
        row('incident:closed', new Date(2026, 10, 23, 9).getTime(), 'CLIENT_REPORTED'),
        // Before the first of the three weeks, and without a time: left out.
        row('incident:closed', new Date(2026, 10, 8, 23).getTime()),
        row('incident:closed', undefined),
      ],
      now,
      3,
    );
    expect(weeks).toEqual([
      { start: new Date(2026, 10, 9).getTime(), counts: { taken_down: 0, in_progress: 0, closed: 0, not_received: 0 } },
      { start: new Date(2026, 10, 16).getTime(), counts: { taken_down: 0, in_progress: 1, closed: 1, not_received: 0 } },
      { start: new Date(2026, 10, 23).getTime(), counts: { taken_down: 1, in_progress: 0, closed: 0, not_received: 1 } },
    ]);
  });

  it('has twelve weeks unless told otherwise', () => {
    expect(outcomesByWeek([], now)).toHaveLength(12);
  });
});

describe('quantile', () => {
  it.each([
    [[5], 0.5, 5],
    [[1, 3], 0.5, 2],
    [[1, 2, 3, 4], 0.25, 1.75],
    [[1, 2, 3, 4], 0.75, 3.25],
    [[1, 2, 3, 4, 100], 0.5, 3],
    [[1, 2, 3, 4, 100], 1, 100],
    [[1, 2, 3, 4, 100], 0, 1],
  ])('%j at %d → %d', (values, q, expected) => {
    expect(quantile(values, q)).toBe(expected);
  });
});

describe('timeToTakedown', () => {
  it('spreads the durations from opening to takedown, skipping what cannot be read', () => {
    const opened = '2026-11-01T00:00:00Z';
    const after = (ms: number) => new Date(Date.parse(opened) + ms).toISOString();
    expect(
      timeToTakedown([
        watched('a', { timestamp: opened, takedownTimestamp: after(1 * DAY) }),
        watched('b', { timestamp: opened, takedownTimestamp: after(2 * DAY) }),
        watched('c', { timestamp: opened, takedownTimestamp: after(3 * DAY) }),
        watched('d', { timestamp: opened, takedownTimestamp: after(10 * DAY) }),
        watched('no takedown', { timestamp: opened }),
        watched('unreadable', { timestamp: 'yesterday', takedownTimestamp: after(DAY) }),
        watched('before it opened', { timestamp: opened, takedownTimestamp: after(-DAY) }),
      ]),
    ).toEqual({ count: 4, min: DAY, p25: 1.75 * DAY, median: 2.5 * DAY, p75: 4.75 * DAY, max: 10 * DAY });
  });

  it('is null when nothing was taken down', () => {
    expect(timeToTakedown([watched('a', { timestamp: '2026-11-01T00:00:00Z' })])).toBeNull();
    expect(timeToTakedown([])).toBeNull();
  });

  it('counts a takedown in the very minute of opening', () => {
    expect(timeToTakedown([watched('a', { timestamp: '2026-11-01T00:00:00Z', takedownTimestamp: '2026-11-01T00:00:00Z' })])).toMatchObject({ count: 1, median: 0 });
  });
});

describe('incidentsByClient', () => {
  it('counts open and closed incidents per client, in the connection’s order, then by id', () => {
    expect(
      incidentsByClient(
        [
          watched('1', { clientId: 'cl_b', status: 'takedown_success' }),
          watched('2', { clientId: 'cl_b', status: 'pending_review' }),
          watched('3', { clientId: 'cl_a', status: 'closed' }),
          watched('4', { clientId: 'cl_z', status: 'action_required' }),
          watched('5', { clientId: 'cl_y' }),
          watched('6', { status: 'closed' }),
        ],
        ['cl_b', 'cl_a'],
      ),
    ).toEqual([
      { clientId: 'cl_b', open: 1, closed: 1 },
      { clientId: 'cl_a', open: 0, closed: 1 },
      { clientId: '', open: 0, closed: 1 },
      { clientId: 'cl_y', open: 1, closed: 0 },
      { clientId: 'cl_z', open: 1, closed: 0 },
    ]);
  });
});

describe('daysAndHours', () => {
  it.each([
    [0, 0, 0],
    [29 * 60_000, 0, 0],
    [31 * 60_000, 0, 1],
    [23 * HOUR, 0, 23],
    [DAY, 1, 0],
    [DAY + 4 * HOUR + 20 * 60_000, 1, 4],
    [3 * DAY + 23.6 * HOUR, 4, 0],
  ])('%d ms → %d days %d hours', (ms, days, hours) => {
    expect(daysAndHours(ms)).toEqual({ days, hours });
  });
});

describe('labelledWeeks', () => {
  const at = (labels: boolean[]) => labels.flatMap((labelled, index) => (labelled ? [index] : []));
  it.each<[string, number[], number[]]>([
    ['no report: every other week', [0, 0, 0, 0, 0, 0], [0, 2, 4]],
    ['a lone bar in an odd week is labelled; its neighbours give way', [0, 0, 0, 3, 0, 0], [0, 3]],
    ['a lone bar in the last week', [0, 0, 0, 0, 0, 1], [0, 2, 5]],
    ['a lone bar in an even week', [0, 0, 2, 0, 0, 0], [0, 2, 4]],
    ['bars side by side: every other week, as before', [1, 2, 3, 4, 0, 0], [0, 2, 4]],
  ])('%s', (_name, totals, labelled) => {
    expect(at(labelledWeeks(totals))).toEqual(labelled);
  });
});
