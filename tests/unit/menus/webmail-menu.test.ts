import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handleCommand, type MenuReportService } from '@/utils/menus/report-menu';
import { openWebmailReview, WEBMAIL_MENU, webmailMenuEntry } from '@/utils/menus/webmail-menu';

// "Report this email" from the menu and the shortcut on a Gmail or Outlook on
// the web tab (issue 40): the worker opens the review window for that tab, nothing more.

const tab = (url: string) => ({ id: 7, windowId: 1, url, index: 0, highlighted: true, active: true, pinned: false, incognito: false }) as Browser.tabs.Tab;
const REVIEW = { url: 'chrome-extension://test-extension-id/review.html?email=1&webmail=7', type: 'popup', width: 620, height: 760 };

function fakeService() {
  return {
    reportTab: vi.fn<MenuReportService['reportTab']>(async () => ({ ok: true, review: 'r1' })),
    reviewSelection: vi.fn<MenuReportService['reviewSelection']>(async () => 'r2'),
  };
}

describe('Report this email', () => {
  let create: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fakeBrowser.reset();
    create = vi.fn(async () => ({}));
    Object.assign(fakeBrowser.windows, { create });
  });

  it('is a page entry shown on Gmail and Outlook on the web only', () => {
    const { id, title, contexts, documentUrlPatterns } = webmailMenuEntry();
    expect({ id, title: title(), contexts, documentUrlPatterns }).toEqual({
      id: WEBMAIL_MENU,
      title: 'Report this email',
      contexts: ['page'],
      documentUrlPatterns: [
        'https://mail.google.com/mail/*',
        'https://outlook.office.com/mail/*',
        'https://outlook.office.com/owa/*',
        'https://outlook.office365.com/mail/*',
        'https://outlook.office365.com/owa/*',
        'https://outlook.cloud.microsoft/mail/*',
        'https://outlook.cloud.microsoft/owa/*',
        'https://outlook.live.com/mail/*',
        'https://outlook.live.com/owa/*',
      ],
    });
  });

  it.each([
    ['a Gmail tab', 'https://mail.google.com/mail/u/1/#inbox/FMfcgz', true],
    ['a Gmail look-alike', 'https://mail.google.com.example/mail/u/0/', false],
    ['an Outlook tab', 'https://outlook.office.com/mail/inbox/id/AAQkAGVmMDEz', true],
    ['a personal Outlook tab', 'https://outlook.live.com/mail/0/inbox', true],
    ['Outlook’s calendar', 'https://outlook.office.com/calendar/view/week', false],
    ['any other page', 'https://phish.example/login', false],
  ])('from %s opens the review window for it: %s', async (_case, url, opens) => {
    await webmailMenuEntry().onClick({ menuItemId: WEBMAIL_MENU, editable: false }, tab(url));
    expect(create.mock.calls).toEqual(opens ? [[REVIEW]] : []);
    expect(await openWebmailReview(undefined)).toBe(false);
  });

  it.each([
    ['a Gmail tab: the email open there', 'https://mail.google.com/mail/u/0/#inbox/FMfcgz', [[REVIEW]], 0],
    ['an Outlook tab: the email open there', 'https://outlook.cloud.microsoft/mail/inbox/id/AAQkAGVmMDEz', [[REVIEW]], 0],
    ['another tab: the page, as before', 'https://phish.example/login', [], 1],
  ])('the shortcut on %s', async (_case, url, windows, reports) => {
    const service = fakeService();
    await handleCommand(service, 'report-page', tab(url), vi.fn());
    expect(create.mock.calls).toEqual(windows);
    expect(service.reportTab).toHaveBeenCalledTimes(reports);
  });
});
