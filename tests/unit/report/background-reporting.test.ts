import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handleNotificationClick, openReviewWindow } from '@/utils/report/background-reporting';
import { createDraft } from '@/utils/report/outbox';
import { closeReportsDb, putReport } from '@/utils/storage/reports-db';
import { newReport } from './fixtures';

beforeEach(() => {
  fakeBrowser.reset();
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeReportsDb();
});

describe('a report notification, clicked', () => {
  it('opens the incident on the dashboard, and clears itself', async () => {
    const draft = await createDraft(newReport());
    await putReport({ ...draft, state: 'sent', incident: { id: 'inc_1', dashboardUrl: 'https://dash.example/inc_1' } });
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    const clear = vi.spyOn(fakeBrowser.notifications, 'clear').mockResolvedValue(undefined as never);
    await handleNotificationClick(`report:${draft.id}`);
    expect(create).toHaveBeenCalledWith({ url: 'https://dash.example/inc_1' });
    expect(clear).toHaveBeenCalledWith(`report:${draft.id}`);
  });

  it('opens the report in the settings when there is no dashboard link', async () => {
    const draft = await createDraft(newReport());
    await putReport({ ...draft, state: 'failed' });
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    vi.spyOn(fakeBrowser.notifications, 'clear').mockResolvedValue(undefined as never);
    await handleNotificationClick(`report:${draft.id}`);
    expect(create).toHaveBeenCalledWith({ url: `chrome-extension://${fakeBrowser.runtime.id}/options.html#report-${draft.id}` });
  });

  it('ignores notifications that are not about a report', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    await handleNotificationClick('something-else');
    expect(create).not.toHaveBeenCalled();
  });
});

describe('the review window', () => {
  it.each([
    ['r-1', '/review.html?report=r-1'],
    ['a b&c', '/review.html?report=a%20b%26c'],
    [undefined, '/review.html'],
  ])('opens as a small popup window for %s', async (id, path) => {
    const create = vi.spyOn(fakeBrowser.windows, 'create');
    await openReviewWindow(id);
    expect(create).toHaveBeenCalledWith({ url: `chrome-extension://${fakeBrowser.runtime.id}${path}`, type: 'popup', width: 620, height: 760 });
  });
});
