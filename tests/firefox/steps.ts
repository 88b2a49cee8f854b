import type { Page } from 'puppeteer-core';
import type { Sandbox } from '../sandbox/server.ts';
import { expect, setViewportSize, type Extension } from './fixtures.ts';
import { clickButton, fill, find } from './dom.ts';

// Steps the Firefox tests share: connecting through the options page, the
// popup over a web page, and the test-only dispatchers the sandbox build
// exposes (reached through the background page, which an extension page may
// hold: `runtime.getBackgroundPage()`).

/** Connects the extension to the sandbox through the options page (the real flow) and answers that page, left open. */
export async function connect(extension: Extension, sandbox: Sandbox, key = sandbox.keys.managed): Promise<Page> {
  const options = await extension.open('options.html');
  await fill(options, 'Service URL', sandbox.baseUrl);
  await fill(options, 'API key', key);
  await clickButton(options, 'Save and verify');
  await find(options, '[data-state="connected"]', 10_000);
  return options;
}

/** The popup's size in Firefox's toolbar panel (the same as Chromium's). */
const POPUP_SIZE = { width: 379, height: 510 };

/**
 * Opens the popup's page over `page`: WebDriver BiDi cannot reach the toolbar
 * panel, so the popup opens in a background tab of the same window, where
 * "the current tab" is still `page`, in front, as it is under the panel. Once
 * it has read that tab (its capture done, or no form to capture for), its tab
 * is brought to the front, as the panel is: a hidden tab gets an animation
 * frame ever more rarely (0.5, 1, 2, 4… s), and every click waits for one.
 * The report goes with what was captured; the menus' handlers
 * (`clickMenu`) would now see the popup's tab as the current one.
 */
export async function openPopupOver(extension: Extension, page: Page): Promise<Page> {
  await page.bringToFront();
  const popup = await extension.open('popup.html', { background: true });
  await setViewportSize(popup, POPUP_SIZE.width, POPUP_SIZE.height);
  await find(popup, '[data-state]');
  await expect
    .poll(() =>
      popup.evaluate(() => {
        if (document.querySelector('.status-pending')) return false;
        const form = document.querySelector('form.report-form');
        return !form || Boolean(form.querySelector('button[value="tkd"]:not([aria-disabled])'));
      }),
    )
    .toBe(true);
  await popup.bringToFront();
  return popup;
}

/** Opens the popup form's details (the evidence, the files, the client, what will be sent), unless they are open. */
export async function openReportDetails(popup: Page): Promise<void> {
  const toggle = await find(popup, 'button[aria-controls="report-details"]');
  if ((await toggle.evaluate((element) => element.getAttribute('aria-expanded'))) === 'false') await toggle.click();
  await find(popup, '#report-details');
}

interface MenuClick {
  menuItemId: string;
  linkUrl?: string;
  selectionText?: string;
  pageUrl?: string;
}

declare const browser: { runtime: { getBackgroundPage(): Promise<Window> }; tabs: { query(query: object): Promise<{ id: number; url: string }[]> } };
interface TestHooks {
  menuClick(info: object, tab: object): Promise<void>;
  sendWaiting(): Promise<void>;
}

/** Clicks one of the extension's context-menu entries on the active tab, through the handler the native menu calls. `from`: any extension page. */
export async function clickMenu(from: Page, info: MenuClick): Promise<void> {
  await from.evaluate(async (clicked) => {
    const hooks = ((await browser.runtime.getBackgroundPage()) as unknown as { takedownReporterTest: TestHooks }).takedownReporterTest;
    const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
    await hooks.menuClick({ editable: false, ...clicked }, tab!);
  }, info);
}

/** Runs what the retry alarm runs: the outbox sends what waits. */
export async function sendWaiting(from: Page): Promise<void> {
  await from.evaluate(async () => {
    const hooks = ((await browser.runtime.getBackgroundPage()) as unknown as { takedownReporterTest: TestHooks }).takedownReporterTest;
    await hooks.sendWaiting();
  });
}

/** Everything the extension keeps in `storage.local`. `from`: any extension page. */
export async function extensionStorage(from: Page): Promise<Record<string, unknown>> {
  return from.evaluate(() => (globalThis as unknown as { browser: { storage: { local: { get(keys: null): Promise<Record<string, unknown>> } } } }).browser.storage.local.get(null));
}
