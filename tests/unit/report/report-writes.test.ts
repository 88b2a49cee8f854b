import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { watchReportChanges, type ReportChange } from '@/utils/report/report-store';
import * as reads from '@/utils/report/report-store';
import * as writes from '@/utils/report/report-writes';
import { announceReportChange } from '@/utils/report/report-writes';
import type { OutboxReport } from '@/utils/storage/report-types';
import { refreshStateItem } from '@/utils/storage/refresh-state';
import { closeReportsDb } from '@/utils/storage/reports-db';
import { usageCacheItem } from '@/utils/storage/usage-cache';
import { newReport, T0 } from './fixtures';

/** The store as a whole: its reads (any context) and its writes (the outbox's). */
const store = { ...reads, ...writes };

// The report store is the one writer (issue 20): every write it makes is
// announced, so open pages follow it; a refused change is not.

/**
 * Waits until every announcement made so far has reached the watchers: a
 * marker announced last arrives last (one sender's BroadcastChannel keeps its
 * order), so it is polled for, never a fixed wait a busy machine outlasts.
 * Markers are taken out of what was heard.
 */
async function delivered(...lists: ReportChange[][]): Promise<void> {
  const marker = `marker-${crypto.randomUUID()}`;
  announceReportChange({ id: marker, state: 'draft' });
  await vi.waitFor(() => expect(heard.some((change) => change.id === marker)).toBe(true));
  for (const list of [heard, ...lists]) list.splice(0, list.length, ...list.filter((change) => !change.id.startsWith('marker-')));
}

function report(id: string, overrides: Partial<OutboxReport> = {}): OutboxReport {
  const at = T0.toISOString();
  return { ...newReport(), id, createdAt: at, updatedAt: at, state: 'sent', attempts: 1, ...overrides };
}

let heard: ReportChange[];
let stop: () => void;

beforeEach(() => {
  fakeBrowser.reset();
  globalThis.indexedDB = new IDBFactory();
  heard = [];
  stop = watchReportChanges((change) => heard.push(change));
});
afterEach(async () => {
  stop();
  await closeReportsDb();
});

describe('the report store', () => {
  it('announces a put, a change and a delete, each with the state written', async () => {
    await store.putReport(report('a', { state: 'queued' }));
    await store.changeReport('a', (current) => ({ ...current, state: 'sent' }));
    await store.deleteReport('a');
    await delivered();
    expect(heard).toEqual([
      { id: 'a', state: 'queued' },
      { id: 'a', state: 'sent' },
      { id: 'a', state: 'sent' },
    ]);
    expect(await store.getReport('a')).toBeUndefined();
  });

  it('announces nothing for a refused change, or the delete of a report that is not there', async () => {
    await store.putReport(report('a'));
    await delivered();
    heard.length = 0;
    expect(await store.changeReport('a', () => undefined)).toMatchObject({ id: 'a', state: 'sent' });
    expect(await store.changeReport('missing', (current) => current)).toBeUndefined();
    await store.deleteReport('missing');
    await delivered();
    expect(heard).toEqual([]);
  });

  it('deletes only the drafts picked, each announced', async () => {
    await store.putReport(report('old', { state: 'draft', tabId: 1 }));
    await store.putReport(report('kept', { state: 'draft', tabId: 2 }));
    await store.putReport(report('sent', { state: 'sent', tabId: 1 }));
    await delivered();
    heard.length = 0;
    expect(await store.deleteDrafts((draft) => draft.tabId === 1)).toBe(1);
    await delivered();
    expect(heard).toEqual([{ id: 'old', state: 'draft' }]);
    expect((await store.listReports()).map((stored) => stored.id).sort()).toEqual(['kept', 'sent']);
  });

  it('adds only the reports of a backup not here yet, with one announcement', async () => {
    await store.putReport(report('here', { subject: { type: 'url', value: 'https://mine.example/' } }));
    await delivered();
    heard.length = 0;
    const added = await store.addMissingReports([report('here', { subject: { type: 'url', value: 'https://theirs.example/' } }), report('new1'), report('new2', { state: 'failed' })]);
    await delivered();
    expect(added).toBe(2);
    expect(heard).toEqual([{ id: 'new2', state: 'failed' }]);
    expect((await store.getReport('here'))?.subject.value).toBe('https://mine.example/');
    expect(await store.addMissingReports([report('new1')])).toBe(0);
  });

  it('marks the reports made before accounts were recorded as the previous account’s, announced, drafts left alone', async () => {
    const previous = { origin: 'https://old.example', clientIds: ['c1'] };
    const other = { origin: 'https://other.example', clientIds: [] };
    await store.putReport(report('unmarked'));
    await store.putReport(report('marked', { account: other }));
    await store.putReport(report('draft', { state: 'draft' }));
    await delivered();
    heard.length = 0;
    const kept = await store.markUnmarkedReports(previous);
    await delivered();
    expect(kept.map((stored) => stored.id).sort()).toEqual(['marked', 'unmarked']);
    expect(heard).toEqual([{ id: 'unmarked', state: 'sent' }]);
    expect((await store.getReport('unmarked'))?.account).toEqual(previous);
    expect((await store.getReport('marked'))?.account).toEqual(other);
    expect((await store.getReport('draft'))?.account).toBeUndefined();
  });

  it('records a refresh: the incidents, and each new status on its linked reports, announced', async () => {
    await store.putReport(report('linked', { incident: { id: 'inc_1', status: 'monitoring' } }));
    await store.putReport(report('unchanged', { incident: { id: 'inc_2', status: 'monitoring' } }));
    await store.putReport(report('unlinked'));
    await delivered();
    heard.length = 0;
    const watched = { id: 'inc_1', incident: { id: 'inc_1', status: 'taken_down' } as never, fetchedAt: T0.toISOString(), statusSeenAt: T0.toISOString() };
    await store.recordRefresh([watched], new Map([['inc_1', 'taken_down']]), await store.listReports());
    await delivered();
    expect(heard).toEqual([{ id: 'linked', state: 'sent' }]);
    expect((await store.getReport('linked'))?.incident).toEqual({ id: 'inc_1', status: 'taken_down' });
    expect((await store.getReport('unchanged'))?.incident?.status).toBe('monitoring');
    expect(await store.listWatchedIncidents()).toEqual([watched]);
  });

  it('clears the account’s cache — watched incidents, refresh state, credit balances — and keeps the reports', async () => {
    await store.putReport(report('mine'));
    await store.recordRefresh([{ id: 'inc_1', incident: { id: 'inc_1', status: 'open' } as never, fetchedAt: 'x', statusSeenAt: 'x' }], new Map(), []);
    await refreshStateItem.setValue({ lastSuccessAt: T0.toISOString() });
    await usageCacheItem.setValue({ at: T0.toISOString() } as never);
    await store.clearAccountCache();
    expect(await store.listWatchedIncidents()).toEqual([]);
    expect(await refreshStateItem.getValue()).toEqual({});
    expect(await usageCacheItem.getValue()).toBeNull();
    expect((await store.listReports()).map((stored) => stored.id)).toEqual(['mine']);
  });
});
