import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerMenus } from '@/utils/menus/registry';
import { handleCommand, REPORT_MENU, reportMenuEntries, type MenuReportService } from '@/utils/menus/report-menu';

// The reporting menus, clicked through the registry's one listener with the
// fake browser (which has no contextMenus: a stub records and dispatches).

type Listener = (info: Record<string, unknown>, tab?: object) => void;

function stubContextMenus() {
  const listeners: Listener[] = [];
  const created: Record<string, unknown>[] = [];
  Object.assign(fakeBrowser, {
    contextMenus: {
      create: vi.fn((properties: Record<string, unknown>) => void created.push(properties)),
      removeAll: vi.fn(async () => {}),
      onClicked: { addListener: (listener: Listener) => listeners.push(listener) },
    },
  });
  const click = async (info: Record<string, unknown>, tab: object | null = TAB) => {
    for (const listener of listeners) listener(info, tab ?? undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { created, click };
}

const TAB = { id: 7, windowId: 1, url: 'https://phish.example/login', title: 'Sign in', index: 0, highlighted: true, active: true, pinned: false, incognito: false } as Browser.tabs.Tab;

function fakeService() {
  return {
    reportTab: vi.fn<MenuReportService['reportTab']>(async () => ({ ok: true, review: 'r1' })),
    reviewSelection: vi.fn<MenuReportService['reviewSelection']>(async () => 'r2'),
  };
}

describe('the reporting context menu', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('creates five namespaced entries on install, on web pages and web links only', async () => {
    const { created } = stubContextMenus();
    registerMenus(reportMenuEntries(fakeService(), vi.fn()));
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    const web = ['http://*/*', 'https://*/*'];
    expect(created).toEqual([
      { id: 'takedown-reporter:report-page-tkd', title: 'Report this page for takedown', contexts: ['page'], documentUrlPatterns: web },
      { id: 'takedown-reporter:report-page-monitor', title: 'Report this page for monitoring', contexts: ['page'], documentUrlPatterns: web },
      { id: 'takedown-reporter:report-link-tkd', title: 'Report this link for takedown', contexts: ['link'], targetUrlPatterns: web },
      { id: 'takedown-reporter:report-link-monitor', title: 'Report this link for monitoring', contexts: ['link'], targetUrlPatterns: web },
      { id: 'takedown-reporter:report-selection', title: 'Report selection…', contexts: ['selection'] },
    ]);
  });

  it.each([
    [REPORT_MENU.pageTakedown, 'tkd'],
    [REPORT_MENU.pageMonitor, 'monitor'],
  ] as const)('%s reports the page (the frame clicked in) with action %s', async (menuItemId, action) => {
    const { click } = stubContextMenus();
    const service = fakeService();
    registerMenus(reportMenuEntries(service, vi.fn()));
    await click({ menuItemId, pageUrl: 'https://phish.example/frame' });
    expect(service.reportTab).toHaveBeenCalledWith({ tab: { id: 7, windowId: 1, url: 'https://phish.example/frame', title: 'Sign in' }, action, origin: 'menu' });
  });

  it.each([
    [REPORT_MENU.linkTakedown, 'tkd'],
    [REPORT_MENU.linkMonitor, 'monitor'],
  ] as const)('%s reports the link target with action %s, the page as evidence', async (menuItemId, action) => {
    const { click } = stubContextMenus();
    const service = fakeService();
    registerMenus(reportMenuEntries(service, vi.fn()));
    await click({ menuItemId, linkUrl: 'https://evil.example/pay', pageUrl: TAB.url });
    expect(service.reportTab).toHaveBeenCalledWith({ tab: { id: 7, windowId: 1, url: TAB.url, title: 'Sign in' }, linkUrl: 'https://evil.example/pay', action, origin: 'menu' });
  });

  it('a selection opens the review with the selected text', async () => {
    const { click } = stubContextMenus();
    const service = fakeService();
    registerMenus(reportMenuEntries(service, vi.fn()));
    await click({ menuItemId: REPORT_MENU.selection, selectionText: 'mail refunds[at]acme-billing[.]com' });
    expect(service.reviewSelection).toHaveBeenCalledWith({ id: 7, windowId: 1, url: TAB.url, title: 'Sign in' }, 'mail refunds[at]acme-billing[.]com');
  });

  it('does nothing without a usable tab, link or selection, and ignores other menus', async () => {
    const { click } = stubContextMenus();
    const service = fakeService();
    registerMenus(reportMenuEntries(service, vi.fn()));
    await click({ menuItemId: REPORT_MENU.pageTakedown }, null);
    await click({ menuItemId: REPORT_MENU.pageTakedown }, { ...TAB, id: -1 });
    await click({ menuItemId: REPORT_MENU.linkTakedown });
    await click({ menuItemId: REPORT_MENU.selection });
    await click({ menuItemId: 'other-extension:report' });
    expect([service.reportTab.mock.calls.length, service.reviewSelection.mock.calls.length]).toEqual([0, 0]);
  });

  it('notifies why a click reported nothing, and not when a report was written', async () => {
    const { click } = stubContextMenus();
    const service = fakeService();
    const notify = vi.fn();
    service.reportTab
      .mockResolvedValueOnce({ ok: false, problem: { kind: 'invalid_indicator', reason: 'url_scheme' } })
      .mockResolvedValueOnce({ ok: false, problem: { kind: 'server_error', status: 500 }, report: { id: 'r' } as never });
    registerMenus(reportMenuEntries(service, notify));
    await click({ menuItemId: REPORT_MENU.pageTakedown });
    await click({ menuItemId: REPORT_MENU.pageTakedown });
    expect(notify.mock.calls).toEqual([[{ kind: 'invalid_indicator', reason: 'url_scheme' }]]);
  });
});

describe('the keyboard shortcut', () => {
  it('reports the current page with the default action', async () => {
    const service = fakeService();
    await handleCommand(service, 'report-page', TAB, vi.fn());
    expect(service.reportTab).toHaveBeenCalledWith({ tab: { id: 7, windowId: 1, url: TAB.url, title: 'Sign in' }, origin: 'shortcut' });
  });

  it('ignores other commands and a missing tab', async () => {
    const service = fakeService();
    await handleCommand(service, '_execute_action', TAB, vi.fn());
    await handleCommand(service, 'report-page', undefined, vi.fn());
    expect(service.reportTab).not.toHaveBeenCalled();
  });

  it('notifies a refused page', async () => {
    const service = fakeService();
    const notify = vi.fn();
    service.reportTab.mockResolvedValueOnce({ ok: false, problem: { kind: 'invalid_indicator', reason: 'url_scheme' } });
    await handleCommand(service, 'report-page', { ...TAB, url: 'chrome://extensions/' } as Browser.tabs.Tab, notify);
    expect(notify).toHaveBeenCalledWith({ kind: 'invalid_indicator', reason: 'url_scheme' });
  });
});
