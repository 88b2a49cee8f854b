import { test as base, chromium, type Browser, type BrowserContext, type CDPSession, type Page, type Worker } from '@playwright/test';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumArgs, findChromium } from '../support/chromium.ts';
import { freePort } from '../support/free-port.ts';
import { answers, liveWorker } from './live-worker.ts';
import { startSandbox, type Sandbox } from '../sandbox/server.ts';
import { OptionsPage } from './pages/options-page.ts';
import { PopupPage } from './pages/popup-page.ts';

/** The test-only build (`npm run build:sandbox`): loopback is pre-granted, as headless Chromium answers no permission prompt. */
export const EXTENSION_DIR = path.resolve('.output/chrome-mv3-sandbox');

/** A browser with the extension, as one test sees it. */
interface Session {
  context: BrowserContext;
  /** Chromium's DevTools port, to reach the real toolbar popup. */
  debugPort: number;
  serviceWorker: Worker;
  /** True when the extension was already installed in this browser, cleared by the last test and reloaded. */
  reloaded: boolean;
}

/**
 * A fresh install opens the options page on Connection (utils/background/first-run.ts):
 * waits for that tab and closes it, so every test starts from the one blank tab it
 * expects. Answers the URL it had; null when none opened (a reload is an update).
 */
async function closeInstallPage(context: BrowserContext, extensionId: string): Promise<string | null> {
  const prefix = `chrome-extension://${extensionId}/options.html`;
  for (let attempt = 0; attempt < 50; attempt++) {
    const page = context.pages().find((candidate) => candidate.url().startsWith(prefix));
    if (page) {
      const url = page.url();
      await page.close();
      return url;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/**
 * A folder of no-op `xdg-*` commands, first on the shared browser's PATH:
 * Chromium on Linux runs `xdg-desktop-menu` and `xdg-icon-resource` (shell
 * scripts, a third of a second of CPU) at every uninstall, to remove app
 * shortcuts an extension never made.
 */
function noDesktopIntegration(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'no-xdg-'));
  for (const name of ['xdg-desktop-menu', 'xdg-icon-resource', 'xdg-mime', 'xdg-settings']) {
    writeFileSync(path.join(dir, name), '#!/bin/sh\nexit 0\n');
    chmodSync(path.join(dir, name), 0o755);
  }
  return dir;
}

/**
 * One Chromium per Playwright worker, shared by its tests: launching one costs
 * about 2 s and 3 s of CPU, and `storage.managed` answers only about 3 s after
 * the browser starts. The extension is installed once per browser (CDP
 * `Extensions.loadUnpacked`) and reloaded for each test (the same call again),
 * after the last test's state was cleared (`clearExtension`): a worker and a
 * process started anew, no storage, database, alarm or notification kept.
 * Uninstalling instead cost about 1.1 s of CPU per test, a third of a short
 * test's. Where the extension cannot be cleared (its worker was stopped or
 * broken by the test), it is uninstalled, and the next test installs it
 * afresh. The test's routes, cookies and offline state are reset with it.
 */
class SharedBrowser {
  /** @param downloadsDir Where Playwright has the browser save downloads (its worker's artifacts folder). */
  constructor(private readonly downloadsDir: string) {}

  /** Whether the extension is installed in the running browser (cleared, to be reloaded by the next test). */
  private installed = false;

  /** The blank tab the next test starts from. */
  private blank: Page | undefined;

  private launched: Promise<{ context: BrowserContext; cdp: CDPSession; debugPort: number; scripts: string }> | undefined;

  private launch() {
    return (this.launched ??= (async () => {
      const debugPort = await freePort();
      const scripts = noDesktopIntegration();
      const context = await chromium.launchPersistentContext('', {
        headless: true,
        executablePath: findChromium(),
        // Playwright turns extensions off unless the command line loads one; here CDP does.
        ignoreDefaultArgs: ['--disable-extensions'],
        args: [...chromiumArgs(), '--enable-unsafe-extension-debugging', `--remote-debugging-port=${debugPort}`],
        env: { ...process.env, PATH: `${scripts}${path.delimiter}${process.env.PATH ?? ''}` },
      });
      // Installing over CDP needs a browser-wide session on Playwright's own pipe.
      const cdp = await context.browser()!.newBrowserCDPSession();
      this.blank = context.pages()[0];
      return { context, cdp, debugPort, scripts };
    })());
  }

  /** Installs the extension, or reloads it cleared, and answers the browser with its worker. */
  async open(): Promise<Session & { close(): Promise<void> }> {
    const { context, cdp, debugPort } = await this.launch();
    const started = context.waitForEvent('serviceworker', { predicate: (worker) => worker.url().startsWith('chrome-extension://'), timeout: 15_000 });
    const reloaded = this.installed;
    const { id } = await cdp.send('Extensions.loadUnpacked', { path: EXTENSION_DIR });
    const serviceWorker = await started;
    this.installed = true;
    const close = async () => {
      try {
        // A CDP client that connected to reach the popup resets the downloads when it leaves: Playwright's are set again.
        await cdp.send('Browser.setDownloadBehavior', { behavior: 'allowAndName', downloadPath: this.downloadsDir, eventsEnabled: true });
        // A fresh launch has one blank tab: so does the next test. It is the same tab while no test used it
        // (a new one costs about 0.4 s of CPU). The extension's pages and windows close with the rest.
        const unused = this.blank && !this.blank.isClosed() && this.blank.url() === 'about:blank' ? this.blank : undefined;
        const blank = unused ?? (await context.newPage());
        this.blank = blank;
        await Promise.all(context.pages().map((page) => (page === blank ? undefined : page.close())));
        // Before the worker stops: Playwright applies these to it too, and would wait on a stopped one.
        await context.unrouteAll({ behavior: 'ignoreErrors' });
        await Promise.all([context.setOffline(false), context.clearCookies(), context.clearPermissions()]);
        if (!(await clearExtension(context, id, blank))) {
          await cdp.send('Extensions.uninstall', { id });
          this.installed = false;
        }
        // A window the extension opened (the review window) is gone with it: the tab's window is the focused one
        // again, or the next test's file chooser would not open.
        await blank.bringToFront();
      } catch {
        // The test closed or broke the browser: the next test gets a new one.
        await this.dispose();
      }
    };
    return { context, debugPort, serviceWorker, reloaded, close };
  }

  async dispose(): Promise<void> {
    const launched = this.launched;
    this.launched = undefined;
    this.installed = false;
    this.blank = undefined;
    if (!launched) return;
    const { context, scripts } = await launched;
    await context.close().catch(() => undefined);
    rmSync(scripts, { recursive: true, force: true });
  }
}

/**
 * Clears what a test left in the extension, so that reloading it (the next
 * test's `Extensions.loadUnpacked`) starts it as a fresh install would. The
 * reload itself starts a new worker in a new process, runs
 * `runtime.onInstalled` again (menus, alarms) and drops the alarms,
 * notifications, badge and `storage.session` (fresh-state.spec.ts checks
 * each); this clears the rest: `storage.local` and `.sync` (asked of the
 * worker: CDP's `Extensions.clearStorageItems` finds no extension from
 * Playwright's context), then, with the worker stopped so it writes nothing
 * more, the IndexedDB, `localStorage` and caches. False when the extension
 * has no running worker to ask (the test stopped it) or its storage does not
 * stay empty: the caller uninstalls it instead.
 */
async function clearExtension(context: BrowserContext, id: string, blank: Page): Promise<boolean> {
  // The newest: Playwright may still list the worker a test stopped.
  const worker = context
    .serviceWorkers()
    .filter((candidate) => candidate.url().startsWith(`chrome-extension://${id}/`))
    .at(-1);
  if (!worker) return false;
  const cleared = worker
    .evaluate(async () => {
      type Area = { clear(): Promise<void>; get(keys: null): Promise<Record<string, unknown>> };
      const { storage } = (globalThis as unknown as { chrome: { storage: Record<'local' | 'sync', Area> } }).chrome;
      const areas = [storage.local, storage.sync];
      // A write the test set going may land after the clear (a read-modify-write of an item's version mark
      // did, once no new tab was opened first): clear until both areas stay empty for a moment.
      for (let round = 0; round < 10; round++) {
        await Promise.all(areas.map((area) => area.clear()));
        await new Promise((resolve) => setTimeout(resolve, 50));
        if ((await Promise.all(areas.map((area) => area.get(null)))).every((items) => Object.keys(items).length === 0)) return true;
      }
      return false;
    })
    .catch(() => false);
  // A worker that was stopped but is still listed may never answer.
  if (!(await Promise.race([cleared, new Promise<false>((resolve) => setTimeout(resolve, 3_000, false))]))) return false;
  const pageSession = await context.newCDPSession(blank);
  try {
    await pageSession.send('ServiceWorker.enable');
    await pageSession.send('ServiceWorker.stopAllWorkers');
    await pageSession.send('Storage.clearDataForOrigin', { origin: `chrome-extension://${id}`, storageTypes: 'indexeddb,local_storage,cache_storage,file_systems' });
  } finally {
    await pageSession.detach();
  }
  return true;
}

interface Fixtures {
  /** The browser's UI language (`--lang`): the extension's messages and formats follow it. Default: Chromium's own. */
  uiLanguage: string | undefined;
  /** A browser of the test's own, started with the extension, instead of the worker's shared one (for tests that stop or restart it). */
  ownBrowser: boolean;
  /** More Chromium flags (a browser of the test's own): webmail.spec.ts maps Gmail's host to its stand-in. */
  browserArgs: string[];
  sandbox: Sandbox;
  session: Session & { installOpened: string | null; close(): Promise<void> };
  /** Chromium's DevTools port, to reach the real toolbar popup. */
  debugPort: number;
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  /** Whether this test's extension was reloaded after the last test's state was cleared, not installed afresh. */
  extensionReloaded: boolean;
  /** The page a fresh install opened (closed by the fixture before the test), or null when the extension was reloaded. */
  installOpened: string | null;
  optionsPage: OptionsPage;
  popupPage: PopupPage;
}

/** A browser launched for one test, the extension loaded from the command line. */
async function launchOwnBrowser(uiLanguage: string | undefined, more: string[] = []): Promise<Session & { close(): Promise<void> }> {
  const debugPort = await freePort();
  const context = await chromium.launchPersistentContext('', {
    headless: true,
    executablePath: findChromium(),
    args: [...chromiumArgs(EXTENSION_DIR), `--remote-debugging-port=${debugPort}`, ...(uiLanguage ? [`--lang=${uiLanguage}`] : []), ...more],
    ...(uiLanguage ? { env: { ...process.env, LANGUAGE: uiLanguage } } : {}),
  });
  const first = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  // The first worker Playwright saw may be one Chromium stopped and restarted unseen (live-worker.ts says why).
  const connections: Browser[] = [];
  let serviceWorker = first;
  if (!(await answers(first, 10_000))) {
    // Said in the run's output, so that how often it happens stays known.
    console.warn("The fresh browser's first service worker did not answer in 10 s: looking for the live one.");
    serviceWorker = await liveWorker(context, new URL(first.url()).host, debugPort, { connections });
  }
  const close = async () => {
    await Promise.all(connections.map((connection) => connection.close().catch(() => undefined)));
    await context.close();
  };
  return { context, debugPort, serviceWorker, reloaded: false, close };
}

export const test = base.extend<Fixtures, { sharedBrowser: SharedBrowser }>({
  uiLanguage: [undefined, { option: true }],
  ownBrowser: [false, { option: true }],
  browserArgs: [[], { option: true }],
  sharedBrowser: [
    async ({}, use, workerInfo) => {
      const shared = new SharedBrowser(path.join(workerInfo.project.outputDir, `.playwright-artifacts-${workerInfo.workerIndex}`));
      await use(shared);
      await shared.dispose();
    },
    { scope: 'worker' },
  ],
  // A fresh service per test: its state is the seed, whatever other tests did.
  sandbox: async ({}, use) => {
    const sandbox = await startSandbox({ quiet: true });
    await use(sandbox);
    await sandbox.close();
  },
  session: async ({ uiLanguage, ownBrowser, browserArgs, sharedBrowser }, use) => {
    if (!existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) {
      throw new Error(`No extension build at ${EXTENSION_DIR}. Run: npm run build:sandbox`);
    }
    const opened = uiLanguage || ownBrowser || browserArgs.length > 0 ? await launchOwnBrowser(uiLanguage, browserArgs) : await sharedBrowser.open();
    const extensionId = new URL(opened.serviceWorker.url()).host;
    const session = { ...opened, installOpened: opened.reloaded ? null : await closeInstallPage(opened.context, extensionId) };
    await use(session);
    await closeExtraConnections();
    await session.close();
  },
  debugPort: async ({ session }, use) => {
    await use(session.debugPort);
  },
  context: async ({ session }, use) => {
    await use(session.context);
  },
  serviceWorker: async ({ session }, use) => {
    await use(session.serviceWorker);
  },
  extensionReloaded: async ({ session }, use) => {
    await use(session.reloaded);
  },
  installOpened: async ({ session }, use) => {
    await use(session.installOpened);
  },
  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },
  optionsPage: async ({ context, extensionId }, use) => {
    await use(new OptionsPage(await context.newPage(), extensionId));
  },
  popupPage: async ({ context, extensionId }, use) => {
    await use(new PopupPage(await context.newPage(), extensionId));
  },
});

/** CDP connections a test opened to reach the popup: closed when it ends, as the shared browser outlives it. */
const extraConnections: Browser[] = [];

async function closeExtraConnections(): Promise<void> {
  await Promise.all(extraConnections.splice(0).map((connection) => connection.close().catch(() => undefined)));
}

export const expect = test.expect;

declare const chrome: { storage: { local: { get(keys: null): Promise<Record<string, unknown>> } } };

/** Everything the extension keeps in `storage.local`, read inside its service worker. */
export function readExtensionStorage(worker: Worker): Promise<Record<string, unknown>> {
  return worker.evaluate(() => chrome.storage.local.get(null));
}

/**
 * Opens the real toolbar popup over `page` (which becomes the active tab) and
 * returns it. Playwright's persistent context does not list popups, so they
 * are reached through a CDP connection to the same browser.
 */
export async function openToolbarPopup(page: Page, worker: Worker, debugPort: number, extensionId: string): Promise<Page> {
  await page.bringToFront();
  await worker.evaluate(() => (globalThis as unknown as { chrome: { action: { openPopup(): Promise<void> } } }).chrome.action.openPopup());
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
  extraConnections.push(browser);
  const popupUrl = `chrome-extension://${extensionId}/popup.html`;
  for (let attempt = 0; attempt < 50; attempt++) {
    const popup = browser
      .contexts()
      .flatMap((c) => c.pages())
      .find((p) => p.url() === popupUrl);
    if (popup) return popup;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The toolbar popup did not open.');
}
