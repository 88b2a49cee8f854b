import { test as base } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { findFirefox } from '../support/firefox.ts';
import { startSandbox, type Sandbox } from '../sandbox/server.ts';
import { startWebServer, type WebServer } from './web-server.ts';

/** The test build for Firefox (`npm run build:sandbox:firefox`): every origin pre-granted, as no test can click the toolbar button that grants `activeTab`. */
export const SANDBOX_BUILD = path.resolve('.output/firefox-mv2-sandbox');
/** The build users get (`npm run build:firefox`): no origin granted until the options page asks for one. */
export const PRODUCTION_BUILD = path.resolve('.output/firefox-mv2');

/** The add-on's id (wxt.config.ts: browser_specific_settings.gecko.id). */
const GECKO_ID = 'takedown-reporter@d3c1a8e2-5b7f-4f0e-9c61-2f4a9e7b6d10';
/** Its `moz-extension://` host: random per profile unless a pref names it, which it does here. */
const EXTENSION_UUID = '6f1d1a52-6e36-4d42-9d0c-3b1f7e0c2a11';

/**
 * Prefs of the test profile: a fixed extension UUID kept across uninstalls;
 * optional permissions granted by a trusted click without a prompt (a
 * headless Firefox shows none to answer); the phishing sites' names resolve
 * to the local web server; plain http stays http; background tabs (where the
 * popup's page runs beside the page it reports) keep normal timers.
 */
function prefs(webHosts: readonly string[], downloads: string): Record<string, unknown> {
  return {
    // Downloads go to the worker's own folder, without a dialog (Firefox ESR 140 has no WebDriver BiDi download commands).
    'browser.download.dir': downloads,
    'browser.download.folderList': 2,
    'browser.download.useDownloadDir': true,
    'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
    'extensions.webextensions.keepUuidOnUninstall': true,
    'extensions.webextOptionalPermissionPrompts': false,
    // An idle event page is unloaded after 30 s; here after 1 s, so that every test would see it happen
    // (the background is persistent in Firefox: tests/firefox/lifecycle.spec.ts).
    'extensions.background.idle.timeout': 1_000,
    // mail.google.com, outlook.office.com: the stand-in webmails of webmail.spec.ts (on port 443, their certificates accepted: acceptInsecureCerts).
    'network.dns.localDomains': [...webHosts, 'mail.google.com', 'outlook.office.com'].join(','),
    'dom.security.https_first': false,
    'dom.security.https_only_mode': false,
    'dom.min_background_timeout_value': 4,
    // Without budget throttling, Firefox takes this pref instead (1 s by default).
    'dom.min_background_timeout_value_without_budget_throttling': 4,
    'dom.timeout.enable_budget_timer_throttling': false,
    'layout.throttled_frame_rate': 60,
    'browser.tabs.warnOnClose': false,
    'intl.locale.requested': 'en-US',
    // Notifications in Firefox's own alert window: since Firefox 153 a headless Firefox asks the system's notification
    // service, which a test machine lacks, and closes each one at once (ESR 140 showed them in its own window).
    'alerts.useSystemBackend': false,
  };
}

/**
 * One Firefox per Playwright worker (a launch costs about 5 s), shared by its
 * tests: each installs the extension afresh as a temporary add-on and
 * uninstalls it after, which leaves no storage, database, alarm or page of it
 * behind (the UUID is kept, so its pages keep their address).
 */
class SharedFirefox {
  private launched: Promise<Browser> | undefined;

  constructor(
    private readonly web: WebServer,
    private readonly downloads: string,
  ) {}

  launch(): Promise<Browser> {
    return (this.launched ??= (async () => {
      const executablePath = findFirefox();
      if (!executablePath) throw new Error('No Firefox found. Install one (Debian/Ubuntu: apt-get install firefox-esr) or set FIREFOX_PATH.');
      return puppeteer.launch({
        browser: 'firefox',
        executablePath,
        headless: true,
        // Since Firefox 153 WebDriver BiDi navigates only to http(s), file, blob and about:blank unless the browser
        // was started with this flag; the tests open the extension's own moz-extension:// pages. (ESR 140 needs none.)
        args: ['--remote-allow-system-access'],
        extraPrefsFirefox: prefs(this.web.hosts, this.downloads),
        acceptInsecureCerts: true,
        defaultViewport: { width: 1280, height: 800 },
      });
    })());
  }

  /** Leaves one blank tab, as a fresh launch has. (puppeteer may still list a closed extension tab: `pages()` is not the truth here.) */
  async reset(browser: Browser): Promise<void> {
    const pages = await browser.pages();
    const keep = pages[0] ?? (await browser.newPage());
    await Promise.all(pages.filter((page) => page !== keep).map((page) => page.close().catch(() => undefined)));
    await keep.goto('about:blank').catch(() => undefined);
  }

  async dispose(): Promise<void> {
    const launched = this.launched;
    this.launched = undefined;
    if (launched) await (await launched).close().catch(() => undefined);
  }
}

/** The extension as one test sees it: installed afresh in the worker's Firefox. */
export interface Extension {
  browser: Browser;
  /** `moz-extension://<uuid>/<file>` */
  url(file: string): string;
  /** Opens one of its pages in a new tab (in front, unless `background`) and waits until it has loaded. */
  open(file: string, options?: { background?: boolean }): Promise<Page>;
}

interface Fixtures {
  /** Which build the test installs. Default: the sandbox build. */
  build: string;
  sandbox: Sandbox;
  extension: Extension;
}

interface WorkerFixtures {
  /** The folder the worker's Firefox saves downloads in. */
  downloads: string;
  firefox: SharedFirefox;
  web: WebServer;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  build: [SANDBOX_BUILD, { option: true }],
  web: [
    async ({}, use) => {
      const web = await startWebServer();
      await use(web);
      await web.close();
    },
    { scope: 'worker' },
  ],
  downloads: [
    async ({}, use) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'firefox-downloads-'));
      await use(dir);
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  firefox: [
    async ({ web, downloads }, use) => {
      const firefox = new SharedFirefox(web, downloads);
      await use(firefox);
      await firefox.dispose();
    },
    { scope: 'worker' },
  ],
  sandbox: async ({}, use) => {
    const sandbox = await startSandbox({ quiet: true, webhookTimeScale: 0.001 });
    await use(sandbox);
    await sandbox.close();
  },
  extension: async ({ firefox, build }, use) => {
    if (!existsSync(path.join(build, 'manifest.json'))) throw new Error(`No extension build at ${build}. Run: npm run test:firefox (it builds it).`);
    const browser = await firefox.launch();
    const id = await browser.installExtension(build);
    const url = (file: string) => `moz-extension://${EXTENSION_UUID}/${file}`;
    await closeInstallPage(browser, url('options.html'));
    await use({ browser, url, open: (file, options) => openExtensionPage(browser, url(file), options) });
    try {
      // Its pages first: a tab of an uninstalled extension lingers where puppeteer cannot close it.
      await firefox.reset(browser);
      await browser.uninstallExtension(id);
    } catch {
      // The test broke the browser: the next one gets a new one.
      await firefox.dispose();
    }
  },
});

export const expect = test.expect;

/** A fresh install opens the options page (utils/background/first-run.ts): closed, so each test starts from one blank tab. */
async function closeInstallPage(browser: Browser, optionsUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const page = (await browser.pages()).find((candidate) => candidate.url().startsWith(optionsUrl));
    if (page) return void (await page.close().catch(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Opens an extension page in a new tab. Firefox's WebDriver BiDi reports no
 * navigation events for `moz-extension://` pages, so `page.goto` would wait
 * forever; the navigation is asked for directly and the page's own state waited on.
 */
export async function openExtensionPage(browser: Browser, url: string, options: { background?: boolean } = {}): Promise<Page> {
  const page = await newTab(browser, options.background ?? false);
  await navigateExtensionPage(page, url);
  return page;
}

interface BidiConnection {
  send(method: 'browsingContext.getTree', params: object): Promise<{ result: { contexts: { context: string; url: string }[] } }>;
  send(method: 'browsingContext.create', params: object): Promise<{ result: { context: string } }>;
}

/** The browser's WebDriver BiDi connection, for the commands puppeteer does not wrap the way Firefox ESR needs. */
export function bidi(browser: Browser): BidiConnection {
  return (browser as unknown as { connection: BidiConnection }).connection;
}

/**
 * A new tab beside the first one. (puppeteer's `newPage` lets Firefox pick the
 * window, and while a notification shows, headless Firefox ESR 140 picks its
 * alert window, where no tab can open.)
 */
async function newTab(browser: Browser, background = false): Promise<Page> {
  const [first] = (await bidi(browser).send('browsingContext.getTree', { maxDepth: 0 })).result.contexts;
  const { context } = (await bidi(browser).send('browsingContext.create', { type: 'tab', background, ...(first ? { referenceContext: first.context } : {}) })).result;
  for (const started = Date.now(); Date.now() - started < 5_000; await new Promise((resolve) => setTimeout(resolve, 20))) {
    const page = (await browser.pages()).find((candidate) => (candidate.mainFrame() as unknown as { _id: string })._id === context);
    if (page) {
      await setViewportSize(page, 1280, 800);
      return page;
    }
  }
  throw new Error('The new tab did not appear.');
}

/** The tab's WebDriver BiDi browsing context, for the commands puppeteer does not wrap the way Firefox ESR needs. */
function browsingContext(page: Page): { navigate(url: string, wait: string): Promise<unknown>; setViewport(options: { viewport: { width: number; height: number } }): Promise<void> } {
  return (page.mainFrame() as unknown as { browsingContext: ReturnType<typeof browsingContext> }).browsingContext;
}

/** Sizes a tab's viewport. (`page.setViewport` also sets the screen orientation, a command Firefox ESR 140 does not know.) */
export async function setViewportSize(page: Page, width: number, height: number): Promise<void> {
  await browsingContext(page).setViewport({ viewport: { width, height } });
}

/** Loads an extension page in an open tab (see openExtensionPage). */
export async function navigateExtensionPage(page: Page, url: string): Promise<void> {
  await browsingContext(page).navigate(url, 'interactive');
  await pageIsAt(page, url);
  // puppeteer heard of no navigation: its isolated realm (where `waitForSelector` runs ARIA queries) still
  // stands for the previous document until one CSS `waitForSelector` brings it to the new one.
  await page.waitForSelector('html');
}

/** Waits until the tab shows `url`, loaded. (`page.waitForFunction` compiles its test with `Function()`, which an extension page's CSP blocks.) */
async function pageIsAt(page: Page, url: string): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 10_000; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const at = await page.evaluate(() => (document.readyState === 'complete' ? location.href : '')).catch(() => '');
    if (at === url) return;
  }
  throw new Error(`The tab did not load ${url}.`);
}

/** A web page of the local server in a new tab, in front: what the popup and the menus report. */
export async function openWebPage(browser: Browser, url: string): Promise<Page> {
  const page = await newTab(browser);
  await page.goto(url, { waitUntil: 'load' });
  return page;
}
