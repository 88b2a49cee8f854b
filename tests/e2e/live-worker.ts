import { chromium, type Browser, type BrowserContext, type Worker } from '@playwright/test';

// Finding the extension's service worker when it is running our code.
// Playwright keeps listing a worker Chromium stopped, and since 1.60 an
// evaluate on it waits for a new context that only comes if Playwright
// attached to the restarted worker (microsoft/playwright#39475, #39476): it
// does not always, so a stale worker's evaluate never answers. A fresh
// browser's first worker is sometimes such a worker (about one launch in 24
// on a busy two-core machine: the first `connect` hung 30 s).

declare const takedownReporterTest: unknown;

/** Answers whether `worker` runs our code now (a stopped one Playwright still lists never answers). */
export async function answers(worker: Worker, waitMs: number): Promise<boolean> {
  const alive = await Promise.race([worker.evaluate(() => typeof takedownReporterTest).catch(() => null), new Promise((resolve) => setTimeout(() => resolve(null), waitMs))]);
  return alive === 'object';
}

/** Asks Chromium to start the extension's worker (CDP `ServiceWorker.startWorker`), as an event would. */
export async function startWorker(context: BrowserContext, extensionId: string): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable').catch(() => undefined);
  await cdp.send('ServiceWorker.startWorker', { scopeURL: `chrome-extension://${extensionId}/` }).catch(() => undefined);
  await cdp.detach().catch(() => undefined);
}

/** Where a search for the live worker leaves what it opened: the connections to close when the test ends, and the worker's console. */
export interface WorkerSearch {
  connections: Browser[];
  logs?: string[];
}

/**
 * The extension's service worker, woken (by opening its options page) when it
 * was stopped. A new CDP connection lists the workers as they are, so every
 * third attempt looks there (its console joins `logs`).
 */
export async function liveWorker(context: BrowserContext, extensionId: string, debugPort: number, search: WorkerSearch): Promise<Worker> {
  const deadline = Date.now() + 60_000;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    if (attempt > 0) await startWorker(context, extensionId);
    const candidates = attempt % 3 === 2 ? await workersOverNewConnection(debugPort, extensionId, search) : context.serviceWorkers().toReversed();
    for (const worker of candidates) if (await answers(worker, 1_500)) return worker;
    const woken = context.waitForEvent('serviceworker', { timeout: 3_000 }).catch(() => null);
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/options.html`).catch(() => undefined);
    await page.close();
    const worker = await woken;
    if (worker && (await answers(worker, 3_000))) return worker;
  }
  throw new Error('The service worker did not come back.');
}

/** The extension's workers as a new CDP connection sees them (Workers attach to it a moment after it opens). */
async function workersOverNewConnection(debugPort: number, extensionId: string, search: WorkerSearch): Promise<Worker[]> {
  const connection = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
  search.connections.push(connection);
  const ours = () =>
    connection
      .contexts()
      .flatMap((each) => each.serviceWorkers())
      .filter((worker) => worker.url().includes(extensionId));
  for (let wait = 0; wait < 20 && !ours().length; wait++) await new Promise((resolve) => setTimeout(resolve, 100));
  const found = ours();
  if (search.logs) found.forEach((worker) => worker.on('console', (message) => search.logs!.push(message.text())));
  return found;
}
