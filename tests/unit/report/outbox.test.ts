import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sha256Hex } from '@/utils/evidence/hash';
import { createQueued, linkIncident, moveReport, queueDraft, recoverAfterRestart, startSending } from '@/utils/report/outbox';
import { createDraft, editDraft } from '@/utils/report/outbox-pages';
import { pruneSentEvidence } from '@/utils/report/outbox-upkeep';
import type { ReportState } from '@/utils/storage/report-types';
import { closeReportsDb, getReport, listReports, putReport } from '@/utils/storage/reports-db';
import { CONTEXT, minutes, newReport, pngFile, T0 } from './fixtures';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeReportsDb();
});

describe('the outbox', () => {
  it('keeps a new draft with its files, bytes intact, and sends nothing', async () => {
    const draft = await createDraft(newReport(), T0);
    const stored = await getReport(draft.id);
    expect(stored).toEqual({
      ...newReport(),
      files: [expect.objectContaining({ name: 'screenshot.png', type: 'image/png', role: 'screenshot' })],
      id: draft.id,
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
      state: 'draft',
      attempts: 0,
    });
    expect([...new Uint8Array(await stored!.files[0]!.blob.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    expect(draft.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('edits a draft, and refuses to once it is queued', async () => {
    const draft = await createDraft(newReport(), T0);
    const edited = await editDraft(draft.id, { action: 'monitor', fields: { url: 'https://phish.example/other' } }, minutes(1));
    expect(edited).toMatchObject({ action: 'monitor', fields: { url: 'https://phish.example/other' }, updatedAt: minutes(1).toISOString(), createdAt: T0.toISOString() });
    await queueDraft(draft.id, minutes(2));
    expect(await editDraft(draft.id, { action: 'tkd' })).toBeNull();
    expect((await getReport(draft.id))?.action).toBe('monitor');
  });

  it('writes the evidence record when queued: context and the SHA-256 of every other file', async () => {
    const draft = await createDraft(newReport(), T0);
    const queued = await queueDraft(draft.id, minutes(1));
    expect(queued?.state).toBe('queued');
    expect(queued?.files.map((file) => [file.name, file.type, file.role])).toEqual([
      ['screenshot.png', 'image/png', 'screenshot'],
      ['evidence-record.txt', 'text/plain', 'record'],
    ]);
    const record = await queued!.files[1]!.blob.text();
    expect(record).toContain(`  ${await sha256Hex(queued!.files[0]!.blob)}  screenshot.png`);
    expect(record).toContain('Reported address: https://phish.example/login');
    expect(record).toContain('Reported by: analyst@acme.example');
  });

  it('names in the record the reporter the report is sent as, not the one at capture time', async () => {
    const draft = await createDraft(newReport({ fields: { url: 'https://phish.example/login', reportedBy: 'soc@acme.example' } }), T0);
    const record = await (await queueDraft(draft.id))!.files[1]!.blob.text();
    expect(record).toContain('Reported by: soc@acme.example');
    expect(record).not.toContain('analyst@acme.example');
    const anonymous = await createDraft(newReport({ fields: { url: 'https://phish.example/login' } }), T0);
    expect(await (await queueDraft(anonymous.id))!.files[1]!.blob.text()).not.toContain('Reported by');
  });

  it('keeps one evidence record, fresh, when the files already hold one', async () => {
    const { withEvidenceRecord } = await import('@/utils/report/outbox');
    const stale = { name: 'evidence-record.txt', type: 'text/plain', blob: new Blob(['old']), role: 'record' as const };
    const files = await withEvidenceRecord({ files: [pngFile(), stale], evidence: CONTEXT, fields: {} });
    expect(files.map((file) => file.role)).toEqual(['screenshot', 'record']);
    expect(await files[1]!.blob.text()).toContain('screenshot.png');
  });

  it('queues a report without capture context with its files only', async () => {
    const draft = await createDraft(newReport({ evidence: undefined, files: [] }), T0);
    expect((await queueDraft(draft.id))?.files).toEqual([]);
  });

  it('queues a draft once: a second queue changes nothing', async () => {
    const draft = await createDraft(newReport(), T0);
    await queueDraft(draft.id, minutes(1));
    expect(await queueDraft(draft.id, minutes(2))).toBeNull();
    expect((await getReport(draft.id))?.files).toHaveLength(2);
  });

  it('queues a report from the menu in one write, with its evidence record, never as a draft', async () => {
    const { report: queued, stored } = await createQueued(newReport(), false, T0);
    await stored;
    expect(await getReport(queued.id)).toEqual(queued);
    expect(queued).toMatchObject({ state: 'queued', attempts: 0, createdAt: T0.toISOString(), updatedAt: T0.toISOString() });
    expect(queued.files.map((file) => file.role)).toEqual(['screenshot', 'record']);
    expect(await queued.files[1]!.blob.text()).toContain(`  ${await sha256Hex(queued.files[0]!.blob)}  screenshot.png`);
    expect(await editDraft(queued.id, { action: 'monitor' })).toBeNull();
  });

  it('counts each attempt in the move that starts it', async () => {
    const { report: queued, stored } = await createQueued(newReport(), false, T0);
    await stored;
    await startSending(queued.id, minutes(1));
    await moveReport(queued.id, 'failed');
    await moveReport(queued.id, 'queued');
    expect(await startSending(queued.id, minutes(3))).toMatchObject({ state: 'sending', attempts: 2, sentAt: minutes(3).toISOString(), updatedAt: minutes(3).toISOString(), waitingForNetwork: false });
  });

  it('starts a request only from queued, counting attempts, so a report is never sent twice at once', async () => {
    const draft = await createDraft(newReport(), T0);
    expect(await startSending(draft.id, minutes(1))).toBeNull();
    await queueDraft(draft.id, minutes(1));
    const [first, second] = await Promise.all([startSending(draft.id, minutes(2)), startSending(draft.id, minutes(2))]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(await getReport(draft.id)).toMatchObject({ state: 'sending', attempts: 1, sentAt: minutes(2).toISOString() });
    expect(await startSending('no-such-report')).toBeNull();
  });

  it('refuses moves the state machine forbids, changing nothing', async () => {
    const draft = await createDraft(newReport(), T0);
    expect(await moveReport(draft.id, 'sent', {}, minutes(1))).toBeNull();
    expect(await getReport(draft.id)).toMatchObject({ state: 'draft', updatedAt: T0.toISOString() });
    expect(await moveReport('missing', 'queued')).toBeNull();
  });

  it.each<[ReportState, ReportState]>([
    ['draft', 'draft'],
    ['queued', 'queued'],
    ['sending', 'unknown'],
    ['sent', 'sent'],
    ['duplicate', 'duplicate'],
    ['failed', 'failed'],
    ['unknown', 'unknown'],
  ])('after a restart, a report left %s is %s', async (before, after) => {
    const draft = await createDraft(newReport(), T0);
    await putReport({ ...draft, state: before });
    const changed = await recoverAfterRestart(minutes(5));
    const stored = await getReport(draft.id);
    expect(stored?.state).toBe(after);
    expect(changed.map((report) => report.id)).toEqual(before === 'sending' ? [draft.id] : []);
    if (before === 'sending') expect(stored).toMatchObject({ lastProblem: { kind: 'interrupted' }, updatedAt: minutes(5).toISOString() });
    expect(stored?.files).toHaveLength(1);
  });

  it('links an incident found later, with follow-ups, keeping the state', async () => {
    const draft = await createDraft(newReport(), T0);
    const linked = await linkIncident(draft.id, { id: 'inc_1', status: 'case_building' }, { followUps: ['comment'] }, minutes(1));
    expect(linked).toMatchObject({ state: 'draft', incident: { id: 'inc_1', status: 'case_building' }, followUps: ['comment'], updatedAt: minutes(1).toISOString() });
  });

  it('prunes the evidence of sent and duplicate reports after the kept days, and keeps failed, unknown and recent ones', async () => {
    const old = T0;
    const states: ReportState[] = ['sent', 'duplicate', 'failed', 'unknown', 'queued', 'draft'];
    const ids: Record<string, string> = {};
    for (const state of states) {
      const draft = await createDraft(newReport(), old);
      await putReport({ ...draft, state, updatedAt: old.toISOString() });
      ids[state] = draft.id;
    }
    const recent = await createDraft(newReport(), old);
    await putReport({ ...recent, state: 'sent', updatedAt: new Date(old.getTime() + 29 * 86_400_000).toISOString() });

    const atCutoff = await createDraft(newReport(), old);
    await putReport({ ...atCutoff, state: 'duplicate', updatedAt: new Date(old.getTime() + 1).toISOString() });

    const now = new Date(old.getTime() + 30 * 86_400_000 + 1);
    expect(await pruneSentEvidence(30, now)).toBe(3);
    expect((await getReport(atCutoff.id))?.files).toEqual([]);
    // Already pruned: nothing more to do, the first pruning time stays.
    expect(await pruneSentEvidence(30, new Date(now.getTime() + 1000))).toBe(0);
    expect((await getReport(ids.sent!))?.filesPrunedAt).toBe(now.toISOString());
    for (const state of states) {
      const stored = await getReport(ids[state]!);
      const pruned = state === 'sent' || state === 'duplicate';
      expect([state, stored?.files.length, stored?.filesPrunedAt]).toEqual([state, pruned ? 0 : 1, pruned ? now.toISOString() : undefined]);
    }
    expect((await getReport(recent.id))?.files).toHaveLength(1);
    expect(await listReports()).toHaveLength(8);
  });

  it('lists reports newest first, filtered by state', async () => {
    const first = await createDraft(newReport(), T0);
    const second = await createDraft(newReport(), minutes(1));
    await queueDraft(first.id, minutes(2));
    expect((await listReports()).map((report) => report.id)).toEqual([first.id, second.id]);
    expect((await listReports(['draft'])).map((report) => report.id)).toEqual([second.id]);
  });
});
