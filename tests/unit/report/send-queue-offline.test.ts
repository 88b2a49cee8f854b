import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queueDraft, startSending } from '@/utils/report/outbox';
import { createDraft } from '@/utils/report/outbox-pages';
import type { SendApi } from '@/utils/report/send';
import { createSendQueue } from '@/utils/report/send-queue';
import { closeReportsDb, getReport } from '@/utils/storage/reports-db';
import { newReport, T0 } from './fixtures';

// Offline, the queue marks a report as waiting for the network (issue 39):
// read and written in one transaction, so a send another caller started
// meanwhile (the retry alarm, once online) is never written over — a report
// put back to `queued` after it left would be sent twice.

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeReportsDb();
});

/** Lets `steps` rounds of pending work run (the database answers in microtasks and timers). */
async function letRun(steps: number): Promise<void> {
  for (let step = 0; step < steps; step++) await (step % 2 ? Promise.resolve() : new Promise((resolve) => setImmediate(resolve)));
}

function offlineQueue() {
  return createSendQueue({ api: {} as SendApi, isOnline: () => false, showProgress: vi.fn(async () => {}), notify: vi.fn(async () => {}) });
}

describe('a report marked as waiting for the network', () => {
  it('is marked, and the queue asks to try again, when nothing else touched it', async () => {
    const draft = await createDraft(newReport(), T0);
    const queued = (await queueDraft(draft.id))!;
    const result = await offlineQueue().sendAndTell(queued);
    expect(result).toMatchObject({ ok: false, problem: { kind: 'offline' } });
    expect(await getReport(draft.id)).toMatchObject({ state: 'queued', waitingForNetwork: true, lastProblem: { kind: 'offline' }, attempts: 0 });
  });

  it.each(Array.from({ length: 24 }, (_, steps) => [steps]))('keeps a send another caller started %i rounds into the marking', async (steps) => {
    const draft = await createDraft(newReport(), T0);
    const queued = (await queueDraft(draft.id))!;
    const marking = offlineQueue().sendAndTell(queued);
    await letRun(steps);
    const started = await startSending(draft.id);
    await marking;
    const stored = await getReport(draft.id);
    // Started before the marking: the marking leaves it; started after: it went from queued all the same.
    expect(started).not.toBeNull();
    expect(stored).toMatchObject({ state: 'sending', attempts: 1 });
  });
});
