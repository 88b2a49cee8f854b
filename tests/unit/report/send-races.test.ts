import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DetailedIncident } from '@/utils/api/schemas/incident';
import { ApiError } from '@/utils/api/errors';
import { moveReport, startSending } from '@/utils/report/outbox';
import { discardReport } from '@/utils/report/outbox-upkeep';
import { watchProgress } from '@/utils/report/progress';
import { checkUnknownReport, sendQueuedReport } from '@/utils/report/send';
import { closeReportsDb, getReport } from '@/utils/storage/reports-db';
import { incident } from '../incidents/refresh-fakes';
import { fakeApi, queuedReport as queued } from './fixtures';

// A report is one row in the outbox, and more than one caller may act on it
// at once: two clicks on Send again, the queue of reports that waited for
// the network, a Delete while the upload is under way, a check beside a
// resend. Each move is checked in its own transaction: whatever comes
// second finds the report moved, and says so instead of sending it twice or
// failing on a report that is gone.

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeReportsDb();
});

describe('two callers sending one report', () => {
  it('both at once: one request leaves, the other is told the report is busy', async () => {
    const api = fakeApi();
    const id = await queued();
    const results = await Promise.all([sendQueuedReport(api, id, { online: true }), sendQueuedReport(api, id, { online: true })]);
    expect(api.reportForTakedown).toHaveBeenCalledTimes(1);
    expect(results.map((result) => (result.ok ? 'sent' : result.problem.kind)).sort()).toEqual(['report_busy', 'sent']);
    expect(await getReport(id)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('one while the other’s request is under way: nothing more leaves, and the report is not touched', async () => {
    const api = fakeApi();
    const id = await queued();
    const sending = (await startSending(id))!;
    expect(await sendQueuedReport(api, id, { online: true })).toEqual({ ok: false, problem: { kind: 'report_busy' }, report: sending });
    expect(api.reportForTakedown).not.toHaveBeenCalled();
    expect(await getReport(id)).toEqual(sending);
  });

  it('a caller that says it started a report still queued: the report is started here, then sent once', async () => {
    const api = fakeApi();
    const id = await queued();
    const known = (await getReport(id))!;
    expect(await sendQueuedReport(api, id, { online: true, known, started: true })).toMatchObject({ ok: true, report: { state: 'sent', attempts: 1 } });
    expect(api.reportForTakedown).toHaveBeenCalledTimes(1);
  });

  it('a report the caller holds as queued, which another started meanwhile, is not sent again', async () => {
    const api = fakeApi();
    const id = await queued();
    const known = (await getReport(id))!;
    await startSending(id);
    expect(await sendQueuedReport(api, id, { online: true, known })).toMatchObject({ ok: false, problem: { kind: 'report_busy' } });
    expect(api.reportForTakedown).not.toHaveBeenCalled();
  });
});

describe('a report deleted while its upload is under way', () => {
  it('the service’s answer finds it gone: the send says so, and nothing writes it back', async () => {
    const upload = Promise.withResolvers<void>();
    const api = fakeApi({ reportForTakedown: vi.fn(async () => (await upload.promise, { status: 'reported' as const, id: 'inc_late' })) });
    const id = await queued();
    const sending = sendQueuedReport(api, id, { online: true });
    await vi.waitFor(() => expect(api.reportForTakedown).toHaveBeenCalledTimes(1));
    await discardReport(id);
    upload.resolve();
    expect(await sending).toEqual({ ok: false, problem: { kind: 'report_missing' } });
    expect(await getReport(id)).toBeUndefined();
    expect(api.getIncident).not.toHaveBeenCalled();
  });
});

describe('an upload cut off by the network', () => {
  it('says its step failed; the report keeps its evidence, its fate to be checked', async () => {
    const api = fakeApi({
      reportForTakedown: vi.fn(async (): Promise<never> => {
        throw new ApiError({ kind: 'network' });
      }),
    });
    const id = await queued();
    const steps: string[] = [];
    const stop = watchProgress(id, (progress) => steps.push(`${progress.step} ${progress.state}`));
    const result = await sendQueuedReport(api, id, { online: true });
    await vi.waitFor(() => expect(steps).toEqual(['upload active', 'upload failed']));
    stop();
    expect(result).toMatchObject({ ok: false, problem: { kind: 'network' }, report: { state: 'unknown' } });
    expect((await getReport(id))?.files.map((file) => file.name)).toEqual(['screenshot.png', 'evidence-record.txt']);
  });
});

describe('a check of an unknown report beside a resend', () => {
  it('finds the incident after the report was sent again meanwhile: told busy, the resend’s result kept', async () => {
    const id = await queued();
    await startSending(id);
    await moveReport(id, 'unknown', { lastProblem: { kind: 'timeout' } });
    const lookup = Promise.withResolvers<void>();
    const api = fakeApi({
      getIncidentBySubject: vi.fn(async () => (await lookup.promise, { ...incident('inc_found', 'pending_review'), history: [], incidentState: null, blocklists: [] } as DetailedIncident)),
    });
    const checking = checkUnknownReport(api, id);
    await vi.waitFor(() => expect(api.getIncidentBySubject).toHaveBeenCalledTimes(1));
    // Send again, meanwhile: the report leaves the unknown state.
    await moveReport(id, 'queued');
    lookup.resolve();
    expect(await checking).toMatchObject({ ok: false, problem: { kind: 'report_busy' }, report: { state: 'unknown' } });
    const report = await getReport(id);
    expect([report?.state, report?.incident]).toEqual(['queued', undefined]);
  });
});
