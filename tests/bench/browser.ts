import { chromium, type Browser, type BrowserContext, type CDPSession, type Page, type Worker } from '@playwright/test';
import { chromiumArgs, findChromium } from '../support/chromium.ts';
import { freePort } from '../support/free-port.ts';

// One headless Chromium with two extensions: ours (the bench build) and the
// empty reference. Playwright drives pages and workers; a second CDP
// connection reaches toolbar popups (a persistent context does not list them)
// and raw DevTools sockets reach a worker's heap.

/** An extension loaded in the bench browser. */
export interface LoadedExtension {
  id: string;
  /** Its worker's script, e.g. "background.js". */
  workerScript: string;
}

export interface BenchBrowser {
  context: BrowserContext;
  /** The same browser over CDP: toolbar popups show here. */
  cdp: Browser;
  debugPort: number;
  ours: LoadedExtension;
  reference: LoadedExtension;
  /** The cold start's floor (reference-extension.ts, writeWorkerFloorExtension), when loaded. */
  workerFloor?: LoadedExtension;
  /** The extension's running worker, waiting for it to (re)start when stopped. */
  worker(extension: LoadedExtension): Promise<Worker>;
  /** Stops every service worker (CDP ServiceWorker.stopAllWorkers) and waits until they are gone. */
  stopWorkers(): Promise<void>;
  /** The worker's JS heap in use after a full garbage collection, in bytes. */
  workerHeap(extension: LoadedExtension): Promise<number>;
  /** The browser's version string. */
  version: string;
  close(): Promise<void>;
}

function workerUrl(extension: LoadedExtension): string {
  return `chrome-extension://${extension.id}/${extension.workerScript}`;
}

function workersOf(context: BrowserContext, extension: LoadedExtension): Worker[] {
  return context.serviceWorkers().filter((worker) => worker.url() === workerUrl(extension));
}

/** Whether the worker evaluates at all within a second (a stopped one never does). */
async function answers(worker: Worker): Promise<boolean> {
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 1_000));
  return Promise.race([worker.evaluate(() => true).catch(() => false), timeout]);
}

/** The extension's running worker, waiting for it to (re)start: Playwright keeps a stopped worker listed for a while, so the newest one that answers is the live one. */
export async function liveWorker(context: BrowserContext, extension: LoadedExtension): Promise<Worker> {
  for (let attempt = 0; attempt < 400; attempt++) {
    for (const worker of workersOf(context, extension).reverse()) {
      if (await answers(worker)) return worker;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`The worker of ${extension.id} is not running.`);
}

/** The browser's DevTools targets (pages, workers). */
async function listTargets(debugPort: number): Promise<{ type: string; url: string; webSocketDebuggerUrl: string }[]> {
  return (await (await fetch(`http://127.0.0.1:${debugPort}/json/list`)).json()) as { type: string; url: string; webSocketDebuggerUrl: string }[];
}

async function waitForWorkers(context: BrowserContext, scripts: string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let attempt = 0; attempt < 200 && ids.size < scripts.length; attempt++) {
    for (const worker of context.serviceWorkers()) {
      const url = new URL(worker.url());
      const script = url.pathname.slice(1);
      if (scripts.includes(script)) ids.set(script, url.host);
    }
    if (ids.size < scripts.length) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (ids.size < scripts.length) throw new Error(`Service workers did not start: found ${[...ids.keys()].join(', ') || 'none'} of ${scripts.join(', ')}.`);
  return ids;
}

/** Sends one DevTools command to a target over its own socket and answers the result. */
async function devtoolsCall(socketUrl: string, commands: { method: string; params?: object }[]): Promise<unknown[]> {
  const socket = new WebSocket(socketUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error(`Cannot open ${socketUrl}`));
  });
  const results: unknown[] = [];
  try {
    for (const [index, command] of commands.entries()) {
      results.push(
        await new Promise((resolve, reject) => {
          socket.onmessage = (event) => {
            const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
            if (message.id !== index + 1) return;
            if (message.error) reject(new Error(`${command.method}: ${message.error.message}`));
            else resolve(message.result);
          };
          socket.send(JSON.stringify({ id: index + 1, method: command.method, params: command.params ?? {} }));
        }),
      );
    }
  } finally {
    socket.close();
  }
  return results;
}

/** Launches headless Chromium with our extension (`extensionDir`), the reference one and, given, the worker's floor. */
export async function launchBenchBrowser(extensionDir: string, referenceDir: string, workerFloorDir?: string): Promise<BenchBrowser> {
  const debugPort = await freePort();
  const context = await chromium.launchPersistentContext('', {
    headless: true,
    executablePath: findChromium(),
    args: [...chromiumArgs([extensionDir, referenceDir, ...(workerFloorDir ? [workerFloorDir] : [])].join(',')), `--remote-debugging-port=${debugPort}`],
  });
  const ids = await waitForWorkers(context, ['background.js', 'worker.js', ...(workerFloorDir ? ['floor.js'] : [])]);
  const ours = { id: ids.get('background.js')!, workerScript: 'background.js' };
  const reference = { id: ids.get('worker.js')!, workerScript: 'worker.js' };
  const workerFloor = workerFloorDir ? { id: ids.get('floor.js')!, workerScript: 'floor.js' } : undefined;
  const loaded = [ours, reference, ...(workerFloor ? [workerFloor] : [])];
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${debugPort}`);
  const version = cdp.version();
  let control: { page: Page; session: CDPSession } | undefined;

  return {
    context,
    cdp,
    debugPort,
    ours,
    reference,
    ...(workerFloor ? { workerFloor } : {}),
    version,
    worker: (extension) => liveWorker(context, extension),
    async stopWorkers() {
      if (!control) {
        const page = await context.newPage();
        const session = await context.newCDPSession(page);
        await session.send('ServiceWorker.enable');
        control = { page, session };
      }
      await control.session.send('ServiceWorker.stopAllWorkers');
      // DevTools' own target list, not Playwright's, says when they are gone.
      for (let attempt = 0; attempt < 400; attempt++) {
        const running = (await listTargets(debugPort)).filter((target) => target.type === 'service_worker' && loaded.some((extension) => target.url === workerUrl(extension)));
        if (running.length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('The service workers did not stop.');
    },
    async workerHeap(extension) {
      const url = workerUrl(extension);
      let target: { webSocketDebuggerUrl: string } | undefined;
      for (let attempt = 0; attempt < 100 && !target; attempt++) {
        await (await liveWorker(context, extension)).evaluate(() => 0);
        target = (await listTargets(debugPort)).find((entry) => entry.type === 'service_worker' && entry.url === url);
        if (!target) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (!target) throw new Error(`No DevTools target for the worker of ${extension.id}.`);
      const [, , usage] = await devtoolsCall(target.webSocketDebuggerUrl, [{ method: 'HeapProfiler.enable' }, { method: 'HeapProfiler.collectGarbage' }, { method: 'Runtime.getHeapUsage' }]);
      return (usage as { usedSize: number }).usedSize;
    },
    async close() {
      await cdp.close().catch(() => undefined);
      await context.close();
    },
  };
}
