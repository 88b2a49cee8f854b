import { test as base, chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromiumArgs, findChromium } from '../support/chromium.ts';
import { freePort } from '../support/free-port.ts';
import { startSandbox, type Sandbox } from '../sandbox/server.ts';
import { OptionsPage } from './pages/options-page.ts';
import { PopupPage } from './pages/popup-page.ts';

/** The test-only build (`npm run build:sandbox`): loopback is pre-granted, as headless Chromium answers no permission prompt. */
export const EXTENSION_DIR = path.resolve('.output/chrome-mv3-sandbox');

interface Fixtures {
  /** The browser's UI language (`--lang`): the extension's messages and formats follow it. Default: Chromium's own. */
  uiLanguage: string | undefined;
  sandbox: Sandbox;
  /** Chromium's DevTools port, to reach the real toolbar popup. */
  debugPort: number;
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  optionsPage: OptionsPage;
  popupPage: PopupPage;
}

export const test = base.extend<Fixtures>({
  uiLanguage: [undefined, { option: true }],
  // A fresh service per test: its state is the seed, whatever other tests did.
  sandbox: async ({}, use) => {
    const sandbox = await startSandbox({ quiet: true });
    await use(sandbox);
    await sandbox.close();
  },
  debugPort: async ({}, use) => {
    await use(await freePort());
  },
  context: async ({ debugPort, uiLanguage }, use) => {
    if (!existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) {
      throw new Error(`No extension build at ${EXTENSION_DIR}. Run: npm run build:sandbox`);
    }
    const context = await chromium.launchPersistentContext('', {
      headless: true,
      executablePath: findChromium(),
      args: [...chromiumArgs(EXTENSION_DIR), `--remote-debugging-port=${debugPort}`, ...(uiLanguage ? [`--lang=${uiLanguage}`] : [])],
      ...(uiLanguage ? { env: { ...process.env, LANGUAGE: uiLanguage } } : {}),
    });
    await use(context);
    await context.close();
  },
  serviceWorker: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await use(worker);
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
