import { test as base, chromium, type BrowserContext, type Worker } from '@playwright/test';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromiumArgs, findChromium } from '../support/chromium.ts';
import { startSandbox, type Sandbox } from '../sandbox/server.ts';
import { OptionsPage } from './pages/options-page.ts';
import { PopupPage } from './pages/popup-page.ts';

/** The test-only build (`npm run build:sandbox`): loopback is pre-granted, as headless Chromium answers no permission prompt. */
export const EXTENSION_DIR = path.resolve('.output/chrome-mv3-sandbox');

interface Fixtures {
  sandbox: Sandbox;
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  optionsPage: OptionsPage;
  popupPage: PopupPage;
}

export const test = base.extend<Fixtures>({
  // A fresh service per test: its state is the seed, whatever other tests did.
  sandbox: async ({}, use) => {
    const sandbox = await startSandbox({ quiet: true });
    await use(sandbox);
    await sandbox.close();
  },
  context: async ({}, use) => {
    if (!existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) {
      throw new Error(`No extension build at ${EXTENSION_DIR}. Run: npm run build:sandbox`);
    }
    const context = await chromium.launchPersistentContext('', {
      headless: true,
      executablePath: findChromium(),
      args: chromiumArgs(EXTENSION_DIR),
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
