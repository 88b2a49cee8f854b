import * as reads from '@/utils/report/report-store';
import { recordRefresh } from '@/utils/report/outbox-upkeep';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '@/utils/api/errors';
import type { DetailedIncident, Incident } from '@/utils/api/schemas/incident';
import { saveSettings, DEFAULT_SETTINGS } from '@/utils/settings/settings';
import { refreshStateItem } from '@/utils/storage/refresh-state';
import { saveVerifiedConnection } from '@/utils/storage/connection';
import { closeReportsDb, getReport, listWatchedIncidents, putReport } from '@/utils/storage/reports-db';
import { compareStatuses, countWaiting, refreshStatuses, summaryOf, type RefreshDeps } from '@/utils/incidents/refresh';
import { fakeService, incident, report } from './refresh-fakes';

/** The report store as the refresh is handed it (utils/background/status.ts). */
const reportStore = { listReports: reads.listReports, listWatchedIncidents: reads.listWatchedIncidents, recordRefresh };

const NOW = new Date('2026-11-22T12:00:00.000Z');
const LATER = new Date('2026-11-22T12:15:00.000Z');

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  fakeBrowser.reset();
});
afterEach(async () => {
  await closeReportsDb();
});

describe('the status refresh', () => {
  it('covers 1,200 followed reports with one list request from the oldest report, and no per-id request', async () => {
    for (let index = 0; index < 1200; index += 1) await putReport(report(`r${index}`, `inc_${index}`));
    const { api, calls } = fakeService(Array.from({ length: 1200 }, (_, index) => incident(`inc_${index}`, 'pending_review')));

    const outcome = await refreshStatuses({ store: reportStore, api, now: () => NOW });

    expect(calls.lists).toEqual([{ fromDate: '2026-11-19T10:00:00.000Z' }]);
    expect(calls.pages).toBe(1);
    expect(calls.ids).toEqual([]);
    expect(outcome.state).toEqual({ lastSuccessAt: NOW.toISOString(), lastAttemptAt: NOW.toISOString(), requests: { listPages: 1, perId: 0 } });
    expect(await refreshStateItem.getValue()).toEqual(outcome.state);
    expect(await listWatchedIncidents()).toHaveLength(1200);
    expect(outcome.changes).toEqual([]);
  });

  it('pages through 12,000 incidents in ceil(12000/5000) = 3 requests', async () => {
    await putReport(report('r', 'inc_0'));
    await saveSettings({ ...DEFAULT_SETTINGS, includeAccountIncidents: true });
    const { api, calls } = fakeService(Array.from({ length: 12_000 }, (_, index) => incident(`inc_${index}`, 'closed')));
    const outcome = await refreshStatuses({ store: reportStore, api, now: () => NOW });
    expect(calls.lists).toEqual([{}]);
    expect(calls.pages).toBe(3);
    expect(outcome.state.requests).toEqual({ listPages: 3, perId: 0 });
    expect(await listWatchedIncidents()).toHaveLength(12_000);
  });

  it('keeps only followed incidents without the account switch, and every listed one with it', async () => {
    await putReport(report('r1', 'inc_1'));
    const listed = [incident('inc_1', 'pending_review'), incident('inc_other', 'closed', { source: 'SERVICE_DETECTED' })];
    await refreshStatuses({ store: reportStore, api: fakeService(listed).api, now: () => NOW });
    expect((await listWatchedIncidents()).map((watched) => watched.id)).toEqual(['inc_1']);

    await saveSettings({ ...DEFAULT_SETTINGS, includeAccountIncidents: true });
    await refreshStatuses({ store: reportStore, api: fakeService(listed).api, now: () => LATER });
    expect((await listWatchedIncidents()).map((watched) => watched.id).sort()).toEqual(['inc_1', 'inc_other']);
  });

  it('finds a status change, dates it, writes it onto the report, and counts what waits for the user', async () => {
    await putReport(report('r1', 'inc_1', 'pending_review'));
    await putReport(report('r2', 'inc_2', 'pending_review'));
    await putReport(report('r3', 'inc_3', null));
    const first = await refreshStatuses({
      store: reportStore,
      api: fakeService([incident('inc_1', 'pending_review'), incident('inc_2', 'approval_required'), incident('inc_3', 'case_building')]).api,
      now: () => NOW,
    });
    // inc_2 changed against the report's own answer; inc_3's status was not given before: no change.
    expect(first.changes).toEqual([{ incidentId: 'inc_2', subject: 'https://r2.example/', from: 'pending_review', to: 'approval_required' }]);
    expect(first.waiting).toBe(1);
    expect((await getReport('r2'))?.incident).toEqual({ id: 'inc_2', status: 'approval_required' });
    expect((await getReport('r1'))?.incident).toEqual({ id: 'inc_1', status: 'pending_review' });

    const second = await refreshStatuses({
      store: reportStore,
      api: fakeService([incident('inc_1', 'action_required'), incident('inc_2', 'approval_required'), incident('inc_3', 'case_building')]).api,
      now: () => LATER,
    });
    expect(second.changes).toEqual([{ incidentId: 'inc_1', subject: 'https://r1.example/', from: 'pending_review', to: 'action_required' }]);
    expect(second.waiting).toBe(2);
    const watched = new Map((await listWatchedIncidents()).map((entry) => [entry.id, entry]));
    expect(watched.get('inc_1')).toMatchObject({ fetchedAt: LATER.toISOString(), statusSeenAt: LATER.toISOString() });
    expect(watched.get('inc_2')).toMatchObject({ fetchedAt: LATER.toISOString(), statusSeenAt: NOW.toISOString() });
  });

  it('asks one by one only for what the list did not cover; a 404 is not asked again', async () => {
    await putReport(report('r1', 'inc_listed'));
    await putReport(report('r2', 'inc_older'));
    await putReport(report('r3', 'inc_gone'));
    const service = fakeService([incident('inc_listed', 'pending_review')], { inc_older: incident('inc_older', 'takedown_success', { timestamp: '2024-01-01T00:00:00.000Z' }) });
    const outcome = await refreshStatuses({ store: reportStore, api: service.api, now: () => NOW });
    expect(service.calls.ids.sort()).toEqual(['inc_gone', 'inc_older']);
    expect(outcome.state).toMatchObject({ requests: { listPages: 1, perId: 2 }, missingIds: ['inc_gone'] });
    expect(outcome.state.separateClients).toBeUndefined();
    expect(outcome.changes).toEqual([{ incidentId: 'inc_older', subject: 'https://r2.example/', from: 'pending_review', to: 'takedown_success' }]);

    const again = fakeService([incident('inc_listed', 'pending_review')], { inc_older: incident('inc_older', 'takedown_success') });
    await refreshStatuses({ store: reportStore, api: again.api, now: () => LATER });
    expect(again.calls.ids).toEqual(['inc_older']);
  });

  it('learns that a sub-client needs its own list when the unfiltered one leaves its new incidents out', async () => {
    await putReport(report('r1', 'inc_sub', 'pending_review', 'cl_sub'));
    const first = fakeService([], { inc_sub: incident('inc_sub', 'pending_review', { clientId: 'cl_sub', timestamp: '2026-11-20T10:00:01.000Z' }) });
    const outcome = await refreshStatuses({ store: reportStore, api: first.api, now: () => NOW });
    expect(outcome.state.separateClients).toEqual(['cl_sub']);

    const second = fakeService([incident('inc_sub', 'closed', { clientId: 'cl_sub' })]);
    await refreshStatuses({ store: reportStore, api: second.api, now: () => LATER });
    expect(second.calls.lists).toEqual([{ clientId: 'cl_sub', fromDate: '2026-11-19T10:00:00.000Z' }]);
    expect(second.calls.ids).toEqual([]);
  });

  it('goes per id for a sub-client the key may no longer list on its own', async () => {
    await putReport(report('r1', 'inc_sub', 'pending_review', 'cl_sub'));
    await refreshStateItem.setValue({ separateClients: ['cl_sub'] });
    const refused = new ApiError({ kind: 'unauthorized', status: 401, clientScoped: true });
    const service = fakeService([], { inc_sub: incident('inc_sub', 'closed') }, refused);
    const outcome = await refreshStatuses({ store: reportStore, api: service.api, now: () => NOW });
    expect(outcome.state.problem).toBeUndefined();
    expect(service.calls.ids).toEqual(['inc_sub']);
  });

  it('on failure keeps the last statuses, says why, and waits out a 429’s Retry-After', async () => {
    await putReport(report('r1', 'inc_1'));
    await refreshStatuses({ store: reportStore, api: fakeService([incident('inc_1', 'case_building')]).api, now: () => NOW });
    const limited = fakeService([], {}, new ApiError({ kind: 'rate_limited', status: 429, retryAfterSeconds: 1800 }));

    const failed = await refreshStatuses({ store: reportStore, api: limited.api, now: () => LATER });
    expect(failed.state).toEqual({
      lastSuccessAt: NOW.toISOString(),
      lastAttemptAt: LATER.toISOString(),
      requests: { listPages: 1, perId: 0 },
      problem: { kind: 'rate_limited', status: 429, retryAfterSeconds: 1800 },
      retryAfter: '2026-11-22T12:45:00.000Z',
    });
    expect(failed.changes).toEqual([]);
    expect((await listWatchedIncidents()).map((watched) => watched.incident.status)).toEqual(['case_building']);

    const early = fakeService([incident('inc_1', 'closed')]);
    const skipped = await refreshStatuses({ store: reportStore, api: early.api, now: () => new Date('2026-11-22T12:44:59.000Z') });
    expect(skipped.skipped).toBe(true);
    expect(early.calls.lists).toEqual([]);

    const after = fakeService([incident('inc_1', 'closed')]);
    const done = await refreshStatuses({ store: reportStore, api: after.api, now: () => new Date('2026-11-22T12:45:00.000Z') });
    expect(done.state.problem).toBeUndefined();
    expect(done.state.retryAfter).toBeUndefined();
    expect(done.changes).toEqual([{ incidentId: 'inc_1', subject: 'https://r1.example/', from: 'case_building', to: 'closed' }]);
  });

  it('a failure without Retry-After sets no wait, and the next alarm tries again', async () => {
    await putReport(report('r1', 'inc_1'));
    const down = fakeService([], {}, new ApiError({ kind: 'server_error', status: 503 }));
    const failed = await refreshStatuses({ store: reportStore, api: down.api, now: () => NOW });
    expect(failed.state).toEqual({ lastAttemptAt: NOW.toISOString(), problem: { kind: 'server_error', status: 503 } });
    const next = fakeService([incident('inc_1', 'closed')]);
    expect((await refreshStatuses({ store: reportStore, api: next.api, now: () => LATER })).skipped).toBeUndefined();
    expect(next.calls.lists).toHaveLength(1);
  });

  it('says it is running while it runs, and not after', async () => {
    await putReport(report('r1', 'inc_1'));
    const seen: unknown[] = [];
    const { api } = fakeService([incident('inc_1', 'closed')]);
    const watching: RefreshDeps['api'] = {
      ...api,
      async *iterateIncidents(params) {
        seen.push((await refreshStateItem.getValue()).running);
        yield* api.iterateIncidents(params);
      },
    };
    const outcome = await refreshStatuses({ store: reportStore, api: watching });
    expect(seen).toEqual([true]);
    expect((await refreshStateItem.getValue()).running).toBeUndefined();
    // Without a clock given, the real one.
    expect(Math.abs(Date.parse(outcome.state.lastSuccessAt!) - Date.now())).toBeLessThan(5_000);
  });

  it('skipped during a Retry-After, reports no change and the waiting count it had', async () => {
    await putReport(report('r1', 'inc_1'));
    await refreshStatuses({ store: reportStore, api: fakeService([incident('inc_1', 'approval_required')]).api, now: () => NOW });
    await refreshStateItem.setValue({ ...(await refreshStateItem.getValue()), retryAfter: LATER.toISOString() });
    const skipped = await refreshStatuses({ store: reportStore, api: fakeService([incident('inc_1', 'closed')]).api, now: () => NOW });
    expect(skipped).toMatchObject({ skipped: true, changes: [], waiting: 1 });
  });

  it.each([
    ['a refusal of the key itself on a sub-client list', { kind: 'unauthorized', status: 401 }, ['cl_sub']],
    ['a refusal of a client on the unfiltered list', { kind: 'unauthorized', status: 401, clientScoped: true }, []],
  ] as const)('%s fails the refresh', async (_name, info, separateClients) => {
    await putReport(report('r1', 'inc_sub', 'pending_review', 'cl_sub'));
    await refreshStateItem.setValue({ separateClients: [...separateClients] });
    const outcome = await refreshStatuses({ store: reportStore, api: fakeService([], {}, new ApiError({ ...info })).api, now: () => NOW });
    expect(outcome.state.problem).toMatchObject({ kind: 'unauthorized' });
  });

  it('keeps the 404s it learned and the sub-clients it lists apart, refresh after refresh', async () => {
    await putReport(report('r1', 'inc_gone'));
    await refreshStateItem.setValue({ separateClients: ['cl_sub'], missingIds: ['inc_gone'] });
    const outcome = await refreshStatuses({ store: reportStore, api: fakeService([]).api, now: () => NOW });
    expect(outcome.state).toMatchObject({ separateClients: ['cl_sub'], missingIds: ['inc_gone'] });
  });

  it('judges a sub-client by the unfiltered list’s date, not by another sub-client’s list', async () => {
    await putReport({ ...report('own', 'inc_own'), createdAt: '2026-11-20T10:00:00.000Z' });
    await putReport({ ...report('sub', 'inc_sub', 'pending_review', 'cl_sub'), createdAt: '2026-11-10T00:00:00.000Z' });
    await putReport({ ...report('other', 'inc_other', 'pending_review', 'cl_other'), createdAt: '2026-11-20T10:00:00.000Z' });
    await refreshStateItem.setValue({ separateClients: ['cl_sub'] });
    const service = fakeService([incident('inc_own', 'closed'), incident('inc_sub', 'closed', { clientId: 'cl_sub' })], {
      inc_other: incident('inc_other', 'closed', { clientId: 'cl_other', timestamp: '2026-11-15T00:00:00.000Z' }),
    });
    const outcome = await refreshStatuses({ store: reportStore, api: service.api, now: () => NOW });
    expect(service.calls.ids).toEqual(['inc_other']);
    expect(outcome.state.separateClients).toEqual(['cl_sub']);
  });

  it('asks first for the incidents fetched longest ago when more than 50 are uncovered', async () => {
    const ids = Array.from({ length: 51 }, (_, index) => `inc_${index}`);
    for (const id of ids) await putReport(report(`r_${id}`, id));
    const table = Object.fromEntries(ids.map((id) => [id, incident(id, 'closed')]));
    const first = fakeService([], table);
    await refreshStatuses({ store: reportStore, api: first.api, now: () => NOW });
    expect(first.calls.ids).toHaveLength(50);
    const left = ids.filter((id) => !first.calls.ids.includes(id));
    expect(left).toHaveLength(1);
    // The one never fetched goes first; the other 49 are the longest ago of those fetched at NOW.
    const second = fakeService([], table);
    await refreshStatuses({ store: reportStore, api: second.api, now: () => LATER });
    expect(second.calls.ids[0]).toBe(left[0]);
    expect(second.calls.ids).toHaveLength(50);
  });

  it('counts as waiting only what it shows: account incidents drop out when the switch is off', async () => {
    await putReport(report('r1', 'inc_1'));
    await saveSettings({ ...DEFAULT_SETTINGS, includeAccountIncidents: true });
    const listed = [incident('inc_1', 'pending_review'), incident('inc_acct', 'action_required', { source: 'SERVICE_DETECTED' })];
    expect((await refreshStatuses({ store: reportStore, api: fakeService(listed).api, now: () => NOW })).waiting).toBe(1);
    await saveSettings({ ...DEFAULT_SETTINGS, includeAccountIncidents: false });
    expect((await refreshStatuses({ store: reportStore, api: fakeService(listed).api, now: () => LATER })).waiting).toBe(0);
  });

  it('leaves out the reports of another account than the connected one', async () => {
    await saveVerifiedConnection('globex_key_1111', {
      baseUrl: 'https://api.example.com',
      origin: 'https://api.example.com',
      keyHint: '••••1111',
      clients: [{ id: 'cl_globex', name: 'Globex', active: true }],
      clientsSource: 'clients',
      skippedClients: 0,
      verifiedAt: 'x',
    });
    await putReport({ ...report('mine', 'inc_mine'), account: { origin: 'https://api.example.com', clientIds: ['cl_globex'] } });
    await putReport({ ...report('theirs', 'inc_theirs'), account: { origin: 'https://api.example.com', clientIds: ['cl_acme'] } });
    const service = fakeService([incident('inc_mine', 'closed')]);
    await refreshStatuses({ store: reportStore, api: service.api, now: () => NOW });
    expect(service.calls.ids).toEqual([]);
    expect((await listWatchedIncidents()).map((watched) => watched.id)).toEqual(['inc_mine']);
  });

  it('with nothing followed and no account switch, asks nothing and succeeds', async () => {
    const service = fakeService([incident('inc_x', 'closed')]);
    const outcome = await refreshStatuses({ store: reportStore, api: service.api, now: () => NOW });
    expect(service.calls.lists).toEqual([]);
    expect(outcome.state).toEqual({ lastSuccessAt: NOW.toISOString(), lastAttemptAt: NOW.toISOString(), requests: { listPages: 0, perId: 0 } });
  });
});

describe('status comparison', () => {
  it('an account incident first seen changes nothing; a null status is never a change', async () => {
    const fetched = new Map([
      ['new', incident('new', 'closed')],
      ['nulled', incident('nulled', null)],
    ]);
    const previous = new Map([['nulled', { id: 'nulled', incident: incident('nulled', 'closed'), fetchedAt: 'x', statusSeenAt: 'x' }]]);
    const { next, changes } = compareStatuses(fetched, () => true, previous, new Map(), NOW.toISOString());
    expect(changes).toEqual([]);
    expect(next.map((watched) => watched.statusSeenAt)).toEqual([NOW.toISOString(), NOW.toISOString()]);
  });

  it('the subject is the report’s, else the incident’s subject, url, domain, or id', () => {
    const cases: [Partial<Incident>, string][] = [
      [{ subject: 'scam@bad.example', url: 'https://u.example' }, 'scam@bad.example'],
      [{ url: 'https://u.example', domain: 'u.example' }, 'https://u.example'],
      [{ domain: 'u.example' }, 'u.example'],
      [{}, 'i'],
    ];
    for (const [extra, subject] of cases) {
      const previous = new Map([['i', { id: 'i', incident: incident('i', 'closed'), fetchedAt: 'x', statusSeenAt: 'x' }]]);
      const { changes } = compareStatuses(new Map([['i', incident('i', 'blocklisted', extra)]]), () => true, previous, new Map(), 'now');
      expect(changes).toEqual([{ incidentId: 'i', subject, from: 'closed', to: 'blocklisted' }]);
    }
  });

  it('counts only approval and action required as waiting', () => {
    const statuses = ['approval_required', 'action_required', 'takedown_success', null, 'pending_review', 'action_required'];
    expect(countWaiting(statuses.map((status, index) => ({ incident: incident(String(index), status) })))).toBe(3);
  });

  it('a detailed incident is kept in the list’s shape', () => {
    const detailed = { ...incident('d', 'closed'), clientId: null, history: [], incidentState: null, blocklists: [], insights: {}, registrar: {}, hostingProvider: 'h' } as unknown as DetailedIncident;
    expect(summaryOf(detailed)).toEqual(incident('d', 'closed'));
    expect(summaryOf({ ...detailed, clientId: 'cl_a' })).toEqual(incident('d', 'closed', { clientId: 'cl_a' }));
  });
});
