import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openBulkReview, openEmailReview, openWebmailReview as openWebmailFromPopup } from '@/components/popup/review-window';
import { openReviewWindow } from '@/utils/background/reporting';
import { openWebmailReview as openWebmailFromMenu } from '@/utils/menus/webmail-menu';

// Every way into the review page, from the popup and from the worker: a small
// window where the browser has windows; a tab on Firefox for Android, which
// has no `windows` API (docs/releasing.md) — never an error.

const BASE = `chrome-extension://${fakeBrowser.runtime.id}`;
const gmailTab = { id: 7, url: 'https://mail.google.com/mail/u/0/#inbox/FMfcgz' } as Browser.tabs.Tab;

const WAYS_IN = [
  ['Report a list… (popup)', () => openBulkReview(), '/review.html'],
  ['Report an email… (popup)', () => openEmailReview(), '/review.html?email=1'],
  ['Report this email (popup)', () => openWebmailFromPopup(7), '/review.html?email=1&webmail=7'],
  ['Report this email (menu, shortcut)', () => openWebmailFromMenu(gmailTab), '/review.html?email=1&webmail=7'],
  ['a draft to review (worker)', () => openReviewWindow('r-1'), '/review.html?report=r-1'],
] as const;

describe('the review page opens', () => {
  const windows = fakeBrowser.windows;
  let windowCreate: ReturnType<typeof vi.fn>;
  let tabCreate: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fakeBrowser.reset();
    windowCreate = vi.fn(async () => ({}));
    tabCreate = vi.fn(async () => ({}));
    Object.assign(fakeBrowser.windows, { create: windowCreate });
    Object.assign(fakeBrowser.tabs, { create: tabCreate });
    vi.stubGlobal('window', { close: vi.fn() });
  });
  afterEach(() => {
    Object.assign(fakeBrowser, { windows });
  });

  it.each(WAYS_IN)('from %s in a small window of its own', async (_way, open, path) => {
    await open();
    expect(windowCreate.mock.calls).toEqual([[{ url: `${BASE}${path}`, type: 'popup', width: 620, height: 760 }]]);
    expect(tabCreate).not.toHaveBeenCalled();
  });

  it.each(WAYS_IN)('from %s in a tab where the browser has no windows (Firefox for Android)', async (_way, open, path) => {
    Object.assign(fakeBrowser, { windows: undefined });
    await open();
    expect(tabCreate.mock.calls).toEqual([[{ url: `${BASE}${path}` }]]);
    expect(windowCreate).not.toHaveBeenCalled();
  });
});
