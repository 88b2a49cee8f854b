import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchReportChanges, type ReportChange } from '@/utils/report/report-store';
import { announceReportChange } from '@/utils/report/report-writes';
import { linkIncident, moveReport, queueDraft } from '@/utils/report/outbox';
import { createDraft } from '@/utils/report/outbox-pages';
import { pruneSentEvidence } from '@/utils/report/outbox-upkeep';
import { closeReportsDb, putReport } from '@/utils/storage/reports-db';
import { newReport, T0 } from './fixtures';

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

let heard: ReportChange[];
let stop: () => void;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  heard = [];
  stop = watchReportChanges((change) => heard.push(change));
});
afterEach(async () => {
  stop();
  await closeReportsDb();
});

describe('report changes', () => {
  it('reach every watcher, with the id and the new state', async () => {
    const second: ReportChange[] = [];
    const stopSecond = watchReportChanges((change) => second.push(change));
    announceReportChange({ id: 'r1', state: 'sent' });
    await delivered(second);
    expect(heard).toEqual([{ id: 'r1', state: 'sent' }]);
    expect(second).toEqual([{ id: 'r1', state: 'sent' }]);
    stopSecond();
    announceReportChange({ id: 'r2', state: 'failed' });
    await delivered(second);
    expect(second).toHaveLength(1);
    expect(heard).toEqual([
      { id: 'r1', state: 'sent' },
      { id: 'r2', state: 'failed' },
    ]);
  });

  it('are announced by every change the outbox makes, and not by a refused one', async () => {
    const draft = await createDraft(newReport(), T0);
    await queueDraft(draft.id);
    await moveReport(draft.id, 'sent');
    await linkIncident(draft.id, { id: 'inc_1' });
    await putReport({ ...draft, id: 'old', state: 'sent', updatedAt: T0.toISOString() });
    await pruneSentEvidence(1, new Date(T0.getTime() + 2 * 86_400_000));
    await delivered();
    expect(heard).toEqual([
      { id: draft.id, state: 'draft' },
      { id: draft.id, state: 'queued' },
      // moving a queued report to sent is refused: nothing to announce
      { id: draft.id, state: 'queued' },
      { id: 'old', state: 'sent' },
    ]);
  });
});

describe('without BroadcastChannel', () => {
  it('announcing and watching do nothing, and fail nothing', () => {
    const original = globalThis.BroadcastChannel;
    Object.assign(globalThis, { BroadcastChannel: undefined });
    try {
      const calls: ReportChange[] = [];
      const unwatch = watchReportChanges((change) => calls.push(change));
      expect(() => announceReportChange({ id: 'r', state: 'sent' })).not.toThrow();
      expect(unwatch()).toBeUndefined();
      expect(calls).toEqual([]);
    } finally {
      Object.assign(globalThis, { BroadcastChannel: original });
    }
  });
});
