import { test as base, chromium, type Browser, type BrowserContext, type CDPSession, type Page, type Worker } from '@playwright/test';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumArgs, findChromium } from '../support/chromium.ts';
import { freePort } from '../support/free-port.ts';
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
 * the browser starts. Each test gets the extension installed afresh (CDP
 * `Extensions.loadUnpacked`) and uninstalled after it (`Extensions.uninstall`),
 * which leaves no storage, database, alarm, permission change or page of it
 * behind; the test's routes, cookies and offline state are reset with it.
 */
class SharedBrowser {
  /** @param downloadsDir Where Playwright has the browser save downloads (its worker's artifacts folder). */
  constructor(private readonly downloadsDir: string) {}

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
      return { context, cdp, debugPort, scripts };
    })());
  }

  /** Installs the extension afresh and answers the browser with its worker. */
  async open(): Promise<Session & { close(): Promise<void> }> {
    const { context, cdp, debugPort } = await this.launch();
    const started = context.waitForEvent('serviceworker', { predicate: (worker) => worker.url().startsWith('chrome-extension://'), timeout: 15_000 });
    const { id } = await cdp.send('Extensions.loadUnpacked', { path: EXTENSION_DIR });
    const serviceWorker = await started;
    const close = async () => {
      try {
        // A CDP client that connected to reach the popup resets the downloads when it leaves: Playwright's are set again.
        await cdp.send('Browser.setDownloadBehavior', { behavior: 'allowAndName', downloadPath: this.downloadsDir, eventsEnabled: true });
        // A fresh launch has one blank tab: so does the next test.
        const blank = await context.newPage();
        await Promise.all(context.pages().map((page) => (page === blank ? undefined : page.close())));
        await cdp.send('Extensions.uninstall', { id });
        // A window the extension opened (the review window) is gone with it: the tab's window is the focused one
        // again, or the next test's file chooser would not open.
        await blank.bringToFront();
        await context.unrouteAll({ behavior: 'ignoreErrors' });
        await Promise.all([context.setOffline(false), context.clearCookies(), context.clearPermissions()]);
      } catch {
        // The test closed or broke the browser: the next test gets a new one.
        await this.dispose();
      }
    };
    return { context, debugPort, serviceWorker, close };
  }

  async dispose(): Promise<void> {
    const launched = this.launched;
    this.launched = undefined;
    if (!launched) return;
    const { context, scripts } = await launched;
    await context.close().catch(() => undefined);
    rmSync(scripts, { recursive: true, force: true });
  }
}

interface Fixtures {
  /** The browser's UI language (`--lang`): the extension's messages and formats follow it. Default: Chromium's own. */
  uiLanguage: string | undefined;
  /** A browser of the test's own, started with the extension, instead of the worker's shared one (for tests that stop or restart it). */
  ownBrowser: boolean;
  sandbox: Sandbox;
  session: Session;
  /** Chromium's DevTools port, to reach the real toolbar popup. */
  debugPort: number;
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  optionsPage: OptionsPage;
  popupPage: PopupPage;
}

/** A browser launched for one test, the extension loaded from the command line. */
async function launchOwnBrowser(uiLanguage: string | undefined): Promise<Session & { close(): Promise<void> }> {
  const debugPort = await freePort();
  const context = await chromium.launchPersistentContext('', {
    headless: true,
    executablePath: findChromium(),
    args: [...chromiumArgs(EXTENSION_DIR), `--remote-debugging-port=${debugPort}`, ...(uiLanguage ? [`--lang=${uiLanguage}`] : [])],
    ...(uiLanguage ? { env: { ...process.env, LANGUAGE: uiLanguage } } : {}),
  });
  const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return { context, debugPort, serviceWorker, close: () => context.close() };
}

export const test = base.extend<Fixtures, { sharedBrowser: SharedBrowser }>({
  uiLanguage: [undefined, { option: true }],
  ownBrowser: [false, { option: true }],
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
  session: async ({ uiLanguage, ownBrowser, sharedBrowser }, use) => {
    if (!existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) {
      throw new Error(`No extension build at ${EXTENSION_DIR}. Run: npm run build:sandbox`);
    }
    const session = uiLanguage || ownBrowser ? await launchOwnBrowser(uiLanguage) : await sharedBrowser.open();
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
