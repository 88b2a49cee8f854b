import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackgroundService } from '@/utils/messaging/background-service';
import { CALL_CHANNEL, PAGE_PATHS, type Page } from '@/utils/messaging/protocol';
import { createMessageHandler } from '@/utils/messaging/router';
import { createReportService, type ReportingApi } from '@/utils/report/report-service';
import { watchReportChanges, type ReportChange } from '@/utils/report/report-store';
import { createDraft } from '@/utils/report/outbox-pages';
import { queueDraft } from '@/utils/report/outbox';
import { DEFAULT_SETTINGS } from '@/utils/settings/settings';
import { closeReportsDb, getReport } from '@/utils/storage/reports-db';
import { newReport } from '../report/fixtures';

// My reports deletes a report by asking the background (issue 39: one door
// for report writes): the page sends `reports.discard`, the report service
// deletes it through the outbox, and every open page hears the change.

const EXTENSION = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };
const sender = (page: Page) => ({ id: EXTENSION.id, url: `${EXTENSION.origin}${PAGE_PATHS[page]}`, origin: EXTENSION.origin });

/** The background as a page reaches it: the real report service behind the router. */
function background() {
  const reports = createReportService({
    api: {} as ReportingApi,
    capture: async () => ({ files: [], context: undefined as never, problems: [] }),
    getTab: async (id) => ({ id, windowId: 1, url: 'https://phish.example/' }),
    readSettings: async () => DEFAULT_SETTINGS,
    isOnline: () => true,
    showProgress: async () => {},
    notify: async () => {},
    openReview: async () => {},
  });
  const handle = createMessageHandler({ reports } as unknown as BackgroundService, { extension: EXTENSION });
  return (page: Page, id: string) => handle({ channel: CALL_CHANNEL, method: 'reports.discard', args: [id] }, sender(page));
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeReportsDb();
});

describe('deleting a report from My reports', () => {
  it.each<[string, Page, boolean]>([
    ['My reports (the options page) deletes a report of the history', 'options', true],
    ['the popup discards it', 'popup', true],
    ['the review window discards it', 'review', true],
    ['the incident page may not', 'incident', false],
  ])('%s', async (_name, page, deleted) => {
    const draft = await createDraft(newReport());
    await queueDraft(draft.id);
    const heard: ReportChange[] = [];
    const stop = watchReportChanges((change) => heard.push(change));
    const answer = await background()(page, draft.id);
    expect(answer).toMatchObject({ ok: deleted });
    expect(Boolean(await getReport(draft.id))).toBe(!deleted);
    // Open pages (My reports itself, another window) read the list again on the announcement: waited for, not timed.
    if (deleted) await vi.waitFor(() => expect(heard).toEqual([{ id: draft.id, state: 'queued' }]));
    // Nothing deleted, nothing announced: a short look can only miss a wrong announcement, never fail a right run.
    else await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    if (!deleted) expect(heard).toEqual([]);
  });
});
