import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { Sandbox } from '../sandbox/server.ts';
import type { WebhookRecord } from '../sandbox/types.ts';
import { PHISHING_HTML } from '../support/phishing-page.ts';
import { answers, startWorker } from './live-worker.ts';

// Shared steps of the reporting tests: phishing pages served by Playwright
// (nothing leaves the machine), the sandbox's state and request log, and the
// test-only dispatchers the sandbox build exposes for menus and shortcuts.

/**
 * Serves the phishing page at every web address but the sandbox's, and
 * answers anything else a page asks for with nothing: no request leaves the machine.
 */
export async function servePhishingPages(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => /^https?:$/.test(url.protocol) && url.hostname !== '127.0.0.1',
    (route) => (route.request().resourceType() === 'document' ? route.fulfill({ status: 200, contentType: 'text/html', body: PHISHING_HTML }) : route.fulfill({ status: 204, body: '' })),
  );
}

/**
 * Connects the extension to the sandbox as the options page's form does once
 * its checks pass (the connection service's `save`: whoami, clients, the
 * connection written), without loading and filling that page, which took
 * about 1.8 s of each test that is about something else. The form itself is
 * driven by connection.spec.ts, other-services.spec.ts, keyboard.spec.ts and
 * live-updates.spec.ts.
 */
export async function connect(context: BrowserContext, extensionId: string, sandbox: Sandbox, key = sandbox.keys.managed): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await startWorker(context, extensionId);
    const worker = await answeringWorker(context, extensionId);
    if (!worker) continue;
    const save = saveConnection(worker, sandbox.baseUrl, key);
    let saved = await Promise.race([save, sleep(SAVE_WAIT_MS).then(() => null)]);
    // No answer yet: a worker Chromium restarted meanwhile never answers Playwright (live-worker.ts), and the save
    // is asked again of the new one. A worker that still runs is waited for: a slow save is not a stale worker.
    if (!saved && (await answers(worker, 5_000))) saved = await Promise.race([save, sleep(SAVE_WAIT_MS).then(() => probeSave(worker, sandbox.baseUrl))]);
    if (!saved) continue;
    if (!saved.ok) throw new Error(`The extension did not connect to the sandbox: ${JSON.stringify(saved)}`);
    return;
  }
  throw new Error('The extension has no running service worker to connect.');
}

/**
 * A live worker's save that never answers is the product's: the test fails and says which of the save's
 * browser calls do not answer either (a CI run's webmail test hung there for its whole 90 s).
 */
async function probeSave(worker: Worker, baseUrl: string): Promise<never> {
  const calls = await worker.evaluate(async (baseUrl) => {
    type Call = (...args: unknown[]) => Promise<unknown>;
    const api = (globalThis as unknown as { chrome: { storage: { managed: { get: Call }; local: { get: Call } }; permissions: { getAll: Call } } }).chrome;
    const within = (call: () => Promise<unknown>) =>
      Promise.race([
        call().then(
          () => 'answers',
          (error: unknown) => `throws ${String(error)}`,
        ),
        new Promise((resolve) => setTimeout(() => resolve('no answer in 3 s'), 3_000)),
      ]);
    const [managed, local, permissions, whoami] = await Promise.all([
      within(() => api.storage.managed.get(null)),
      within(() => api.storage.local.get(null)),
      within(() => api.permissions.getAll()),
      within(() => fetch(`${baseUrl}/v1/whoami`)),
    ]);
    return { managed, local, permissions, whoami };
  }, baseUrl);
  throw new Error(`The connection's save did not answer in ${(SAVE_WAIT_MS * 2) / 1000} s though the worker runs: ${JSON.stringify(calls)}`);
}

/** How long a save may go unanswered before the test asks whether its worker still runs. */
const SAVE_WAIT_MS = 8_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The newest of the extension's workers that answers: Playwright keeps listing a stopped one, whose evaluate
 * may never answer (live-worker.ts); the first listed hung a CI run's test for its whole 90 s.
 */
async function answeringWorker(context: BrowserContext, extensionId: string): Promise<Worker | undefined> {
  for (const each of context.serviceWorkers().toReversed()) {
    if (new URL(each.url()).host === extensionId && (await answers(each, 5_000))) return each;
  }
  return undefined;
}

/** The connection service's save in `worker` (what the options page's form calls). */
function saveConnection(worker: Worker, baseUrl: string, apiKey: string): Promise<{ ok: boolean }> {
  return worker.evaluate(
    ([baseUrl, apiKey]) =>
      (globalThis as unknown as { takedownReporterTest: { connect(input: { baseUrl: string; apiKey: string }): Promise<{ ok: boolean }> } }).takedownReporterTest.connect({ baseUrl, apiKey }),
    [baseUrl, apiKey] as const,
  );
}

/**
 * Opens the popup form's details (the evidence, the user's files, the client,
 * what will be sent) with the send bar's summary line, unless they are open.
 */
export async function openReportDetails(popup: Page): Promise<void> {
  const toggle = popup.locator('button[aria-controls="report-details"]');
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/** Opens a phishing page in a new tab, in front. */
export async function openPhishingPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.bringToFront();
  return page;
}

interface StoredAttachment {
  name: string;
  type: string;
  size: number;
  sha256: string;
  text?: string;
}

export interface StoredIncident {
  id: string;
  url?: string;
  subject?: string;
  incidentType?: string;
  status: string;
  reportedBy?: string;
  comment?: string;
  clientId: string;
  attachments: StoredAttachment[];
  history: { message: string }[];
}

/** The incidents the sandbox holds now. */
export async function incidents(sandbox: Sandbox): Promise<StoredIncident[]> {
  const body = (await (await fetch(`${sandbox.baseUrl}/__sandbox/state`)).json()) as { data: { incidents: StoredIncident[] } };
  return body.data.incidents;
}

/** The incident reported for this URL or subject, if any. */
export async function incidentFor(sandbox: Sandbox, subject: string): Promise<StoredIncident | undefined> {
  return (await incidents(sandbox)).find((incident) => incident.url === subject || incident.subject === subject);
}

interface LoggedRequest {
  method: string;
  path: string;
  status: number | null;
  contentType: string | null;
  bodyBytes: number;
}

/** Report requests (POST /v1/incident/tkd or /monitor) the sandbox received. */
export async function reportRequests(sandbox: Sandbox): Promise<LoggedRequest[]> {
  const body = (await (await fetch(`${sandbox.baseUrl}/__sandbox/requests`)).json()) as { data: LoggedRequest[] };
  return body.data.filter((entry) => entry.method === 'POST' && /^\/v1\/incident\/(tkd|monitor)$/.test(entry.path));
}

/** The webhook subscriptions the sandbox holds now. */
export async function storedWebhooks(sandbox: Sandbox): Promise<WebhookRecord[]> {
  const body = (await (await fetch(`${sandbox.baseUrl}/__sandbox/state`)).json()) as { data: { webhooks: WebhookRecord[] } };
  return body.data.webhooks;
}

/** Adds a fault to the sandbox (see its README). */
export async function addFault(sandbox: Sandbox, fault: Record<string, unknown>): Promise<void> {
  await fetch(`${sandbox.baseUrl}/__sandbox/faults`, { method: 'POST', body: JSON.stringify(fault) });
}

declare const chrome: {
  tabs: { query(query: object): Promise<{ id: number; url: string }[]> };
  action: { getBadgeText(details: { tabId: number }): Promise<string> };
};
declare const takedownReporterTest: {
  menuClick(info: object, tab: object): Promise<void>;
  command(name: string, tab: object): Promise<void>;
};

/** Clicks one of the extension's context-menu entries on the active tab (same dispatcher as the native click). */
export async function clickMenu(worker: Worker, info: { menuItemId: string; linkUrl?: string; selectionText?: string; pageUrl?: string }): Promise<void> {
  await worker.evaluate(async (clicked) => {
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    await takedownReporterTest.menuClick({ editable: false, ...clicked }, tab!);
  }, info);
}

/** Starts a menu click without waiting for the report to finish. */
export async function startMenuClick(worker: Worker, info: { menuItemId: string }): Promise<void> {
  await worker.evaluate(async (clicked) => {
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    void takedownReporterTest.menuClick({ editable: false, ...clicked }, tab!);
  }, info);
}

/** Presses the reporting shortcut on the active tab (same dispatcher as the native command). */
export async function pressShortcut(worker: Worker): Promise<void> {
  await worker.evaluate(async () => {
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    await takedownReporterTest.command('report-page', tab!);
  });
}

/** The toolbar badge on the active tab. */
export async function badgeText(worker: Worker): Promise<string> {
  return worker.evaluate(async () => {
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    return chrome.action.getBadgeText({ tabId: tab!.id });
  });
}

/** Waits until a page whose URL contains `part` is open, and answers it. */
export async function waitForPage(context: BrowserContext, part: string): Promise<Page> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const page = context.pages().find((candidate) => candidate.url().includes(part));
    if (page) return page;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No page with ${part} opened.`);
}
