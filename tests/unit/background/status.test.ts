import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Incident } from '@/utils/api/schemas/incident';
import { ApiError } from '@/utils/api/errors';
import { DEFAULT_SETTINGS, saveSettings } from '@/utils/settings/settings';
import { announceRefresh, REFRESH_ALARM, startStatusRefresh } from '@/utils/background/status';
import type { RefreshDeps } from '@/utils/incidents/refresh';
import { clearConnection, connectionItem, saveVerifiedConnection } from '@/utils/storage/connection';
import { closeReportsDb, putReport } from '@/utils/storage/reports-db';
import { CHORES_AT_ONCE } from '@/utils/background/start-chores';

const SAVED = { baseUrl: 'https://api.example.com', origin: 'https://api.example.com', keyHint: '••••1111', clients: [], clientsSource: 'clients' as const, skippedClients: 0, verifiedAt: 'x' };
const incident = (id: string, status: string): Incident => ({ id, status, safeDomain: null, incidentType: null, source: null, timestamp: null, incidentClass: null });

function api(status: () => string, calls: { lists: number }): RefreshDeps['api'] {
  return {
    async *iterateIncidents() {
      calls.lists += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      yield { items: [incident('inc_1', status())], skipped: 0, paging: undefined };
    },
    getIncident: async () => Promise.reject(new Error('not used')),
  };
}

let badge: unknown[];
beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  fakeBrowser.reset();
  badge = [];
  Object.assign(fakeBrowser, {
    action: {
      setBadgeBackgroundColor: async () => {},
      setBadgeText: async (details: { text: string }) => void badge.push(details.text),
      setTitle: async () => {},
    },
  });
  await saveVerifiedConnection('good_key_1111', SAVED);
  await putReport({
    id: 'r1',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: 'a',
    state: 'sent',
    action: 'tkd',
    subject: { type: 'url', value: 'https://r1.example/' },
    fields: {},
    files: [],
    origin: 'popup',
    attempts: 1,
    incident: { id: 'inc_1', status: 'pending_review' },
  });
});
afterEach(async () => {
  await closeReportsDb();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('the status refresh in the service worker', () => {
  it('runs on an alarm at the interval set, and moves the alarm when the interval changes', async () => {
    const calls = { lists: 0 };
    startStatusRefresh(
      api(() => 'pending_review', calls),
      CHORES_AT_ONCE,
    );
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.get(REFRESH_ALARM)).toMatchObject({ periodInMinutes: 15 }));
    await saveSettings({ ...DEFAULT_SETTINGS, refreshMinutes: 60 });
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.get(REFRESH_ALARM)).toMatchObject({ periodInMinutes: 60 }));
    await fakeBrowser.alarms.onAlarm.trigger({ name: REFRESH_ALARM, scheduledTime: 0, periodInMinutes: 60, persistAcrossSessions: false });
    await fakeBrowser.alarms.onAlarm.trigger({ name: 'takedown-reporter:other', scheduledTime: 0, persistAcrossSessions: false });
    await vi.waitFor(() => expect(calls.lists).toBe(1));
    // And no second list for the other alarm.
    await settle();
    expect(calls.lists).toBe(1);
  });

  it('notifies a chosen change and badges what waits; a press during a refresh shares it', async () => {
    const calls = { lists: 0 };
    const create = vi.spyOn(fakeBrowser.notifications, 'create').mockResolvedValue('x' as never);
    const service = startStatusRefresh(
      api(() => 'approval_required', calls),
      CHORES_AT_ONCE,
    );
    const [first, second] = await Promise.all([service.refresh(), service.refresh()]);
    expect(calls.lists).toBe(1);
    expect(first).toEqual(second);
    expect(create).toHaveBeenCalledWith('status:inc_1', expect.objectContaining({ title: 'Status changed: Approval required' }));
    expect(badge.at(-1)).toBe('1');
    await service.refresh();
    expect(calls.lists).toBe(2);
  });

  it('clears the badge when the connection is forgotten', async () => {
    startStatusRefresh(
      api(() => 'approval_required', { lists: 0 }),
      CHORES_AT_ONCE,
    );
    await clearConnection();
    await vi.waitFor(() => expect(badge.at(-1)).toBe(''));
  });
});

describe('what a refresh announces about the key', () => {
  it.each([
    ['a refused key marks the connection', { kind: 'unauthorized', status: 401 }, true],
    ['a refused sub-client does not', { kind: 'unauthorized', status: 401, clientScoped: true }, undefined],
    ['another failure does not', { kind: 'server_error', status: 500 }, undefined],
  ] as const)('%s', async (_name, problem, marked) => {
    await announceRefresh({ state: { problem: { ...problem } }, changes: [], waiting: 0 }, []);
    expect((await connectionItem.getValue())?.keyRejected).toBe(marked);
  });

  it('a success clears the mark; a skipped refresh changes nothing', async () => {
    await announceRefresh({ state: { problem: new ApiError({ kind: 'unauthorized', status: 401 }).info }, changes: [], waiting: 0 }, []);
    await announceRefresh({ state: {}, changes: [], waiting: 3, skipped: true }, []);
    expect((await connectionItem.getValue())?.keyRejected).toBe(true);
    expect(badge).toEqual(['']);
    await announceRefresh({ state: { lastSuccessAt: 'now' }, changes: [], waiting: 2 }, []);
    expect((await connectionItem.getValue())?.keyRejected).toBeUndefined();
    expect(badge).toEqual(['', '2']);
  });
});
