import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { bidi, type Extension } from './fixtures.ts';

// Steps of the menu, review and lookup tests: a page the extension opens
// itself (the review window `windows.create` opens), an extension page loaded
// in a tab already open, the toolbar badge, the open tabs, a click that closes
// its page, a download.

/**
 * The extension page at `file` (e.g. 'review.html') that the extension opened
 * itself, in a tab or a window of its own (`windows.create`), once it has loaded.
 *
 * puppeteer learns of the new browsing context, but never of its navigation:
 * Firefox's WebDriver BiDi sends no navigation event for a `moz-extension://`
 * page, so its target keeps the URL `about:blank` and `waitForTarget(url …)`
 * never matches. BiDi's `browsingContext.getTree` does give each top-level
 * context's current URL: the context showing `file` is found there, and the
 * page is the one whose main frame is that context.
 */
export async function waitForExtensionPage(extension: Extension, file: string, timeout = 10_000): Promise<Page> {
  const prefix = extension.url(file);
  let seen = '';
  for (const started = Date.now(); Date.now() - started < timeout; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const { contexts } = (await bidi(extension.browser).send('browsingContext.getTree', { maxDepth: 0 })).result;
    const context = contexts.find((candidate) => candidate.url.startsWith(prefix))?.context;
    seen = `tabs: ${contexts.map((candidate) => candidate.url).join(', ')}`;
    if (!context) continue;
    const pages = await extension.browser.pages();
    const page = pages.find((candidate) => (candidate.mainFrame() as unknown as { _id: string })._id === context);
    if (!page) {
      seen += '; puppeteer has no page for it';
      continue;
    }
    // The context may name its new address while the initial about:blank document is still the one shown.
    const state = await page.evaluate(() => `${document.readyState} ${location.href}`).catch((error: unknown) => String(error));
    if (state.startsWith(`complete ${prefix}`)) return page;
    seen += `; its page: ${state}`;
  }
  throw new Error(`No page of the extension at ${file} opened (${seen}).`);
}

declare const browser: {
  tabs: { query(query: object): Promise<{ id: number; url?: string }[]> };
  browserAction: { getBadgeText(details: { tabId: number }): Promise<string> };
};

/** The toolbar badge on the active tab of the last focused window (MV2: `browserAction`). `from`: any extension page. */
export async function badgeText(from: Page): Promise<string> {
  return from.evaluate(async () => {
    const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
    return browser.browserAction.getBadgeText({ tabId: tab!.id });
  });
}

/** The addresses of every open tab, in every window. `from`: any extension page. */
export async function openTabUrls(from: Page): Promise<string[]> {
  return from.evaluate(async () => (await browser.tabs.query({})).map((tab) => tab.url ?? ''));
}

/**
 * Clicks a control that closes its own page (the popup's "Report a list…"
 * opens the review window, then `window.close()`), with a real click. The page
 * may be gone before the click's last input action is acknowledged: Firefox
 * then answers "no such frame", which here means the click did its job.
 */
export async function clickClosing(control: ElementHandle<Element>): Promise<void> {
  await control.click().catch((error: unknown) => {
    if (!/no such frame|BrowsingContext does no longer exist/.test(String(error))) throw error;
  });
}

/**
 * The text of the file Firefox saves in `folder` (the `downloads` fixture, one
 * per worker, which earlier tests may have saved in) when `start` runs: the
 * new file whose name matches `name`, once it is whole. The file can be there,
 * empty, before Firefox has written it (seen here): it is taken once it has
 * content and no `<name>.part` is beside it.
 */
export async function download(folder: string, name: RegExp, start: () => Promise<void>, timeout = 7_000): Promise<string> {
  const before = new Set(await readdir(folder));
  await start();
  for (const started = Date.now(); Date.now() - started < timeout; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const files = await readdir(folder);
    const file = files.find((candidate) => name.test(candidate) && !before.has(candidate));
    if (!file || files.includes(`${file}.part`)) continue;
    const text = await readFile(path.join(folder, file), 'utf8');
    if (text) return text;
  }
  throw new Error(`No download named ${name} in ${folder}.`);
}
