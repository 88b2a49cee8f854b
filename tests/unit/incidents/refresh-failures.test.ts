import * as reads from '@/utils/report/report-store';
import { recordRefresh } from '@/utils/report/outbox-upkeep';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '@/utils/api/errors';
import { createRequester } from '@/utils/api/request';
import { refreshStateItem } from '@/utils/storage/refresh-state';
import { closeReportsDb, getReport, listWatchedIncidents, putReport } from '@/utils/storage/reports-db';
import { refreshStatuses } from '@/utils/incidents/refresh';
import { backoffMs, unsendableIdProblem } from '@/utils/incidents/refresh-failures';
import { fakeService, incident, report } from './refresh-fakes';

/** The report store as the refresh is handed it (utils/background/status.ts). */
const reportStore = { listReports: reads.listReports, listWatchedIncidents: reads.listWatchedIncidents, recordRefresh };

// Issue 19: one incident's failed request never sinks the refresh, and is not asked first every time after.

const NOW = new Date('2026-11-22T12:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const SERVER_ERROR = { kind: 'server_error', status: 500 } as const;

/** A service whose per-id request for `failing` answers 500 (`times` times, or always). */
function failingOn(failing: string, byId: Parameters<typeof fakeService>[1], listed = [incident('inc_listed', 'closed')], times = Infinity) {
  const service = fakeService(listed, byId);
  const getIncident = service.api.getIncident;
  let left = times;
  service.api.getIncident = async (id) => {
    if (id === failing && left-- > 0) {
      service.calls.ids.push(id);
      throw new ApiError({ ...SERVER_ERROR });
    }
    return getIncident(id);
  };
  return service;
}

const TABLE = { inc_ok: incident('inc_ok', 'takedown_success'), inc_bad: incident('inc_bad', 'closed') };

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  fakeBrowser.reset();
  await putReport(report('r_listed', 'inc_listed'));
  await putReport(report('r_ok', 'inc_ok'));
  await putReport(report('r_bad', 'inc_bad'));
});
afterEach(async () => {
  await closeReportsDb();
});

describe('a per-id failure in the status refresh', () => {
  it('keeps the list and the other per-id results, and records the failure on its incident', async () => {
    const service = failingOn('inc_bad', TABLE);
    const outcome = await refreshStatuses({ store: reportStore, api: service.api, now: () => NOW });

    expect(service.calls.ids.sort()).toEqual(['inc_bad', 'inc_ok']);
    expect(outcome.state).toEqual({
      lastSuccessAt: NOW.toISOString(),
      lastAttemptAt: NOW.toISOString(),
      requests: { listPages: 1, perId: 2 },
      failedIds: [{ id: 'inc_bad', problem: SERVER_ERROR, failures: 1, failedAt: NOW.toISOString(), retryAt: at(5).toISOString() }],
    });
    expect(await refreshStateItem.getValue()).toEqual(outcome.state);
    const statuses = Object.fromEntries((await listWatchedIncidents()).map((watched) => [watched.id, watched.incident.status]));
    expect(statuses).toEqual({ inc_listed: 'closed', inc_ok: 'takedown_success' });
    expect(outcome.changes.map((change) => change.incidentId).sort()).toEqual(['inc_listed', 'inc_ok']);
    expect((await getReport('r_ok'))?.incident?.status).toBe('takedown_success');
    expect((await getReport('r_bad'))?.incident?.status).toBe('pending_review');
  });

  it('waits out its backoff while asking the others, then asks again; a success clears it', async () => {
    await refreshStatuses({ store: reportStore, api: failingOn('inc_bad', TABLE).api, now: () => NOW });

    const waiting = failingOn('inc_bad', TABLE);
    const during = await refreshStatuses({ store: reportStore, api: waiting.api, now: () => at(4) });
    expect(waiting.calls.ids).toEqual(['inc_ok']);
    expect(during.state.problem).toBeUndefined();
    expect(during.state.failedIds).toEqual([{ id: 'inc_bad', problem: SERVER_ERROR, failures: 1, failedAt: NOW.toISOString(), retryAt: at(5).toISOString() }]);

    const healed = fakeService([incident('inc_listed', 'closed')], TABLE);
    const after = await refreshStatuses({ store: reportStore, api: healed.api, now: () => at(5) });
    expect(healed.calls.ids).toContain('inc_bad');
    expect(after.state.failedIds).toBeUndefined();
    expect(after.changes).toEqual([{ incidentId: 'inc_bad', subject: 'https://r_bad.example/', from: 'pending_review', to: 'closed' }]);
    expect((await getReport('r_bad'))?.incident?.status).toBe('closed');
  });

  it('once its backoff is over, is asked after the incidents fetched when it failed, not first', async () => {
    // The most recently updated report comes first among equals: make it the failing one's.
    await putReport({ ...report('r_bad', 'inc_bad'), updatedAt: '2026-11-21T00:00:00.000Z' });
    await refreshStatuses({ store: reportStore, api: failingOn('inc_bad', TABLE).api, now: () => NOW });
    const next = failingOn('inc_bad', TABLE);
    const outcome = await refreshStatuses({ store: reportStore, api: next.api, now: () => at(15) });
    expect(next.calls.ids).toEqual(['inc_ok', 'inc_bad']);
    // A second failure in a row doubles the wait.
    expect(outcome.state.failedIds).toEqual([{ id: 'inc_bad', problem: SERVER_ERROR, failures: 2, failedAt: at(15).toISOString(), retryAt: at(25).toISOString() }]);
  });

  it('is cleared when a list covers the incident again', async () => {
    await refreshStatuses({ store: reportStore, api: failingOn('inc_bad', TABLE).api, now: () => NOW });
    const listed = fakeService([incident('inc_listed', 'closed'), incident('inc_bad', 'blocklisted')], TABLE);
    const outcome = await refreshStatuses({ store: reportStore, api: listed.api, now: () => at(1) });
    expect(listed.calls.ids).toEqual(['inc_ok']);
    expect(outcome.state.failedIds).toBeUndefined();
    expect((await getReport('r_bad'))?.incident?.status).toBe('blocklisted');
  });

  it('a list failure still fails the whole refresh and stores nothing', async () => {
    const down = fakeService([], TABLE, new ApiError({ kind: 'server_error', status: 500 }));
    const outcome = await refreshStatuses({ store: reportStore, api: down.api, now: () => NOW });
    expect(outcome.state).toEqual({ lastAttemptAt: NOW.toISOString(), problem: SERVER_ERROR });
    expect(down.calls.ids).toEqual([]);
    expect(await listWatchedIncidents()).toEqual([]);
  });

  it.each([
    ['a 429', new ApiError({ kind: 'rate_limited', status: 429, retryAfterSeconds: 600 }), { retryAfter: at(10).toISOString() }],
    ['the key refused', new ApiError({ kind: 'unauthorized', status: 401 }), {}],
  ])('%s on a per-id request stops asking and fails the refresh, keeping what arrived', async (_name, error, wait) => {
    const service = fakeService([incident('inc_listed', 'closed')], TABLE);
    service.api.getIncident = async (id) => {
      service.calls.ids.push(id);
      throw error;
    };
    const outcome = await refreshStatuses({ store: reportStore, api: service.api, now: () => NOW });
    expect(service.calls.ids).toHaveLength(1);
    expect(outcome.state).toEqual({ lastAttemptAt: NOW.toISOString(), problem: error.info, ...wait });
    expect((await listWatchedIncidents()).map((watched) => watched.id)).toEqual(['inc_listed']);
    expect(outcome.changes.map((change) => change.incidentId)).toEqual(['inc_listed']);
  });
});

describe('an id the client cannot send', () => {
  it.each([
    ['..', 'dot_segment'],
    ['.', 'dot_segment'],
    ['  ', 'missing_id'],
  ] as const)('%j is never requested, is recorded with its own problem, and the refresh succeeds', async (id, refusal) => {
    await putReport(report('r_odd', id));
    const first = fakeService([incident('inc_listed', 'closed')], TABLE);
    const outcome = await refreshStatuses({ store: reportStore, api: first.api, now: () => NOW });
    expect(first.calls.ids.sort()).toEqual(['inc_bad', 'inc_ok']);
    expect(outcome.state.problem).toBeUndefined();
    expect(outcome.state.lastSuccessAt).toBe(NOW.toISOString());
    expect(outcome.state.failedIds).toEqual([{ id, problem: { kind: 'invalid_request', refusal }, failures: 1, failedAt: NOW.toISOString() }]);

    // Not after any backoff either: a day later it is still not asked for.
    const later = fakeService([incident('inc_listed', 'closed')], TABLE);
    const again = await refreshStatuses({ store: reportStore, api: later.api, now: () => at(48 * 60) });
    expect(later.calls.ids).not.toContain(id);
    expect(again.state.failedIds).toEqual(outcome.state.failedIds);
  });

  it.each(['..', '.', '', ' ', '\t', 'inc_1', '...', '%2e%2e', 'a/b'])('%j: refused here exactly when the request layer refuses it', async (id) => {
    const sent: string[] = [];
    const send = createRequester({
      credentials: () => ({ baseUrl: 'https://api.example.com', apiKey: 'key' }),
      timeoutMs: 1000,
      fetch: async (input) => {
        sent.push(String(input));
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    const layer = await send(['incident', id]).then(
      () => null,
      (error: ApiError) => error.info,
    );
    expect(unsendableIdProblem(id)).toEqual(layer);
    expect(sent).toHaveLength(layer ? 0 : 1);
  });
});

describe('the backoff', () => {
  it.each([
    [1, 5],
    [2, 10],
    [3, 20],
    [9, 1280],
    [10, 24 * 60],
    [40, 24 * 60],
  ])('after %i failures in a row waits %i minutes', (failures, minutes) => {
    expect(backoffMs(failures)).toBe(minutes * 60_000);
  });
});
