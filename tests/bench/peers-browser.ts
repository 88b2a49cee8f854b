import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { chromiumArgs, findChromium } from '../support/chromium.ts';
import { freePort } from '../support/free-port.ts';
import { liveWorker, type LoadedExtension } from './browser.ts';
import { extensionIdOf } from './extension-id.ts';
import { openPopup } from './measure-popup.ts';

// The browser of `npm run bench:peers`: a fresh headless Chromium profile per
// round with every extension loaded from its folder, and the one way every
// page is timed (readyOf), whoever wrote it.

/** How long after its load event a page may still paint its main content before it is read. */
const SETTLE_MS = 1_500;

export interface PeerBrowser {
  context: BrowserContext;
  debugPort: number;
  /** The loaded extensions by name. */
  extensions: Record<string, LoadedExtension>;
  close(): Promise<void>;
}

/** Waits until every extension's worker runs (each installed and started). */
async function waitForWorkers(context: BrowserContext, extensions: LoadedExtension[]): Promise<void> {
  for (const extension of extensions) await liveWorker(context, extension);
}

/** Launches headless Chromium on a new empty profile with the extensions `dirs` (name → folder and worker script). */
export async function launchPeerBrowser(dirs: Record<string, { dir: string; workerScript: string }>): Promise<PeerBrowser> {
  const debugPort = await freePort();
  const folders = Object.values(dirs).map((entry) => entry.dir);
  const context = await chromium.launchPersistentContext('', {
    headless: true,
    executablePath: findChromium(),
    args: [...chromiumArgs(folders.join(',')), `--remote-debugging-port=${debugPort}`],
  });
  const extensions = Object.fromEntries(Object.entries(dirs).map(([name, entry]) => [name, { id: extensionIdOf(entry.dir), workerScript: entry.workerScript }]));
  await waitForWorkers(context, Object.values(extensions));
  return { context, debugPort, extensions, close: () => context.close() };
}

/** When a page was ready, in its own clock from its navigation start: its first contentful paint and its largest contentful paint up to `SETTLE_MS` after load. */
export interface Paints {
  fcp: number;
  lcp: number;
}

/** Reads a page's paints once it has loaded and settled; -1 for a paint it never made. */
async function paintsOf(page: Page): Promise<Paints> {
  await page.waitForFunction(() => document.readyState === 'complete', undefined, { polling: 10, timeout: 20_000 });
  await page.waitForTimeout(SETTLE_MS);
  return page.evaluate(
    () =>
      new Promise<Paints>((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1;
        // Buffered: the entries the page already made, delivered in one callback.
        new PerformanceObserver((list) => resolve({ fcp, lcp: list.getEntries().at(-1)?.startTime ?? -1 })).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve({ fcp, lcp: -1 }), 1_000);
      }),
  );
}

/** How a page is opened: as the extension's toolbar popup over the front tab, or in a tab of its own (a page without a popup). */
export type OpenAs = 'popup' | 'tab';

/** Opens the extension's `path` as `how`, reads its paints and what `check` says of it, and closes it. */
export async function readyOf<T>(browser: PeerBrowser, extension: LoadedExtension, path: string, how: OpenAs, check: (page: Page) => Promise<T>): Promise<Paints & { seen: T }> {
  if (how === 'popup') {
    const { popup, done } = await openPopup({ debugPort: browser.debugPort, worker: (target) => liveWorker(browser.context, target) }, extension, path);
    try {
      return { ...(await paintsOf(popup)), seen: await check(popup) };
    } finally {
      await done();
    }
  }
  const page = await browser.context.newPage();
  try {
    await page.goto(`chrome-extension://${extension.id}/${path}`);
    return { ...(await paintsOf(page)), seen: await check(page) };
  } finally {
    await page.close();
  }
}
