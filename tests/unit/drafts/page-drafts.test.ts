import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageDraft, editPageDraft, userFiles } from '@/utils/drafts/page-drafts';
import { queueDraft } from '@/utils/report/outbox';
import { watchReportChanges, type ReportChange } from '@/utils/report/report-store';
import { closeReportsDb, getReport } from '@/utils/storage/reports-db';
import { newReport } from '../report/fixtures';

// The one place a page writes a report: a draft with the user's files, and
// the form's edit of it, refused once the background took the draft.

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeReportsDb();
});

describe('a page’s draft', () => {
  it('is written with the user’s files as their own, and announced', async () => {
    const heard: ReportChange[] = [];
    const stop = watchReportChanges((change) => heard.push(change));
    const file = new File(['Received: from mx.evil.example'], 'phish.eml', { type: 'message/rfc822' });
    const draft = await createPageDraft({ ...newReport(), files: userFiles([file]) });
    // The announcement crosses a BroadcastChannel: waited for, not timed.
    await vi.waitFor(() => expect(heard).toEqual([{ id: draft.id, state: 'draft' }]));
    stop();
    expect((await getReport(draft.id))?.files).toEqual([expect.objectContaining({ name: 'phish.eml', type: 'message/rfc822', role: 'extra' })]);
  });

  it.each([
    ['a draft takes the form’s edit', false, 'https://edited.example/'],
    ['a draft the background queued keeps what it had', true, 'https://phish.example/login'],
  ])('%s', async (_name, queued, subject) => {
    const draft = await createPageDraft(newReport());
    if (queued) await queueDraft(draft.id);
    const edited = await editPageDraft(draft.id, { subject: { type: 'url', value: 'https://edited.example/' } });
    expect(edited === null).toBe(queued);
    expect((await getReport(draft.id))?.subject.value).toBe(subject);
  });
});
