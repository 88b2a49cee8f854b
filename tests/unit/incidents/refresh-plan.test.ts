import { describe, expect, it } from 'vitest';
import { FROM_DATE_MARGIN_MS, learnSeparateClients, planLists, trackedIncidents, uncoveredIds, type TrackedIncident } from '@/utils/incidents/refresh-plan';
import type { OutboxReport } from '@/utils/storage/report-types';

const DAY = FROM_DATE_MARGIN_MS;
const at = (iso: string, less = 0) => new Date(Date.parse(iso) - less).toISOString();

function report(id: string, createdAt: string, incidentId?: string, clientId?: string): OutboxReport {
  return {
    id,
    createdAt,
    updatedAt: createdAt,
    state: incidentId ? 'sent' : 'failed',
    action: 'tkd',
    subject: { type: 'url', value: `https://${id}.example/` },
    fields: { url: `https://${id}.example/`, ...(clientId ? { clientId } : {}) },
    files: [],
    origin: 'popup',
    attempts: 1,
    ...(incidentId ? { incident: { id: incidentId } } : {}),
  };
}

describe('the incidents a refresh follows', () => {
  it('are the linked incidents, once each, at their oldest report, with the client reported for', () => {
    expect(
      trackedIncidents([
        report('a', '2026-11-20T10:00:00.000Z', 'inc_1'),
        report('b', '2026-11-18T10:00:00.000Z', 'inc_1'),
        report('c', '2026-11-19T10:00:00.000Z', 'inc_2', 'cl_sub'),
        report('d', '2026-11-17T10:00:00.000Z'),
        report('e', '2026-11-21T10:00:00.000Z', 'inc_1'),
      ]),
    ).toEqual([
      { id: 'inc_1', since: '2026-11-18T10:00:00.000Z' },
      { id: 'inc_2', since: '2026-11-19T10:00:00.000Z', clientId: 'cl_sub' },
    ]);
  });
});

describe('the refresh plan', () => {
  const own: TrackedIncident[] = [
    { id: 'a', since: '2026-11-20T10:00:00.000Z' },
    { id: 'b', since: '2026-11-01T08:30:00.000Z' },
    { id: 'c', since: 'not a date' },
  ];
  const sub: TrackedIncident[] = [
    { id: 's1', clientId: 'cl_sub', since: '2026-11-10T00:00:00.000Z' },
    { id: 's2', clientId: 'cl_sub', since: '2026-11-12T00:00:00.000Z' },
  ];

  it.each<[string, Parameters<typeof planLists>[0], ReturnType<typeof planLists>]>([
    ['nothing followed', { tracked: [], includeAccount: false, separateClients: [] }, []],
    ['own reports: one list from a day before the oldest', { tracked: own, includeAccount: false, separateClients: [] }, [{ fromDate: at('2026-11-01T08:30:00.000Z', DAY) }]],
    ['sub-client reports in the one unfiltered list', { tracked: [...own, ...sub], includeAccount: false, separateClients: [] }, [{ fromDate: at('2026-11-01T08:30:00.000Z', DAY) }]],
    [
      'a sub-client seen left out gets its own list, from its own oldest',
      { tracked: [...own, ...sub], includeAccount: false, separateClients: ['cl_sub'] },
      [{ fromDate: at('2026-11-01T08:30:00.000Z', DAY) }, { clientId: 'cl_sub', fromDate: at('2026-11-10T00:00:00.000Z', DAY) }],
    ],
    ['only separate reports: no unfiltered list', { tracked: sub, includeAccount: false, separateClients: ['cl_sub'] }, [{ clientId: 'cl_sub', fromDate: at('2026-11-10T00:00:00.000Z', DAY) }]],
    ['a separate client with nothing followed is not listed', { tracked: own, includeAccount: false, separateClients: ['cl_other'] }, [{ fromDate: at('2026-11-01T08:30:00.000Z', DAY) }]],
    ['the account switch lists everything, with no date', { tracked: own, includeAccount: true, separateClients: [] }, [{}]],
    ['the account switch with nothing followed still lists', { tracked: [], includeAccount: true, separateClients: [] }, [{}]],
    ['no readable date: no fromDate', { tracked: [{ id: 'c', since: 'x' }], includeAccount: false, separateClients: [] }, [{}]],
  ])('%s', (_name, input, expected) => {
    expect(planLists(input)).toEqual(expected);
  });
});

describe('per-id requests', () => {
  const tracked: TrackedIncident[] = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, since: '2026-11-01T00:00:00.000Z' }));

  it('are only for what no list returned, never fetched first, then least recently fetched, up to the limit', () => {
    const fetchedAt = new Map([
      ['b', '2026-11-22T10:00:00.000Z'],
      ['c', '2026-11-21T10:00:00.000Z'],
      ['e', '2026-11-22T09:00:00.000Z'],
    ]);
    expect(uncoveredIds(tracked, new Set(['a']), fetchedAt)).toEqual(['d', 'c', 'e', 'b']);
    expect(uncoveredIds(tracked, new Set(['a']), fetchedAt, 2)).toEqual(['d', 'c']);
    expect(uncoveredIds(tracked, new Set(['a', 'b', 'c', 'd', 'e']), fetchedAt)).toEqual([]);
  });

  it('are at most 50 a refresh by default', () => {
    const many = Array.from({ length: 80 }, (_, index) => ({ id: `i${index}`, since: '2026-11-01T00:00:00.000Z' }));
    expect(uncoveredIds(many, new Set(), new Map())).toHaveLength(50);
  });
});

describe('learning which sub-clients need a list of their own', () => {
  const tracked: TrackedIncident[] = [
    { id: 's1', clientId: 'cl_sub', since: '2026-11-10T00:00:00.000Z' },
    { id: 'o1', clientId: 'cl_old', since: '2026-11-10T00:00:00.000Z' },
    { id: 'u1', clientId: 'cl_unknown', since: '2026-11-10T00:00:00.000Z' },
    { id: 'own', since: '2026-11-10T00:00:00.000Z' },
  ];
  const found = new Map<string, string | undefined>([
    ['s1', '2026-11-10T00:00:05.000Z'],
    ['o1', '2025-01-01T00:00:00.000Z'],
    ['u1', undefined],
    ['own', '2026-11-10T00:00:05.000Z'],
  ]);

  it('a sub-client whose recent incident the list left out; not one older than the list, of unknown age, or the own client', () => {
    expect(learnSeparateClients(tracked, found, '2026-11-09T00:00:00.000Z', [])).toEqual(['cl_sub']);
  });

  it('any found one when the list covered all time; known ones stay, sorted', () => {
    expect(learnSeparateClients(tracked, found, undefined, ['cl_z'])).toEqual(['cl_old', 'cl_sub', 'cl_z']);
  });

  it('nothing found one by one teaches nothing', () => {
    expect(learnSeparateClients(tracked, new Map(), undefined, [])).toEqual([]);
  });
});
