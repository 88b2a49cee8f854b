import type { Page } from '@playwright/test';
import type { BenchBrowser, LoadedExtension } from './browser.ts';
import { FIRST_TURN_EVENTS } from './reference-extension.ts';

// 3. Service worker cold start: every worker stopped (CDP
// ServiceWorker.stopAllWorkers), then one cheap call from an extension page
// opened as a tab, timed in that page from sending to the answer. Ours:
// `connection.getStatus({ live: false })` from the options page (its About
// section), through the same channel getBackgroundService() uses. Not from
// popup.html: the popup holds a port to its draft and connects it again when
// the worker stops, which starts the worker at once. The floor: a worker of
// our design that runs none of our code (reference-extension.ts,
// writeWorkerFloorExtension: our script's bytes never run, the first turn's
// listeners, one storage read); beside it, as information, the reference
// extension's empty worker, which answers any message at once. Each called
// from its own page, in turn.

/** Our cheapest real call: the saved connection, no request to the service. */
const OUR_CALL = { channel: 'takedown-reporter/call', method: 'connection.getStatus', args: [{ live: false }] };
const REFERENCE_CALL = { ping: true };

export interface ColdStart {
  ours: number[];
  /** A worker of our design running none of our code (the budget's floor). */
  floor: number[];
  /** The empty worker (information). */
  empty: number[];
  /** What our worker answered the last time (checked to be an answer, not an error). */
  answer: unknown;
}

/** Sends `message` from `page` and answers the ms to the answer, and the answer. */
async function timeMessage(page: Page, message: object): Promise<{ ms: number; answer: unknown }> {
  return page.evaluate(async (sent) => {
    const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(message: object): Promise<unknown> } } }).chrome.runtime;
    const started = performance.now();
    const answer = await runtime.sendMessage(sent);
    return { ms: performance.now() - started, answer };
  }, message);
}

async function openPage(bench: BenchBrowser, extension: LoadedExtension, file: string): Promise<Page> {
  const page = await bench.context.newPage();
  await page.goto(`chrome-extension://${extension.id}/${file}`);
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 })));
  return page;
}

/** Throws unless our worker listens to every event the floor listens to: the floor must not do more than ours. */
async function checkFloorListeners(bench: BenchBrowser): Promise<void> {
  const worker = await bench.worker(bench.ours);
  const missing = await worker.evaluate(
    (events) => {
      const root = (globalThis as unknown as { chrome: Record<string, unknown> }).chrome;
      const listened = (event: string) =>
        (event.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], root) as { hasListeners?(): boolean } | undefined)?.hasListeners?.() === true;
      return events.filter((event) => !listened(event));
    },
    [...FIRST_TURN_EVENTS],
  );
  if (missing.length > 0) throw new Error(`The cold start's floor listens to events ours does not: ${missing.join(', ')} (reference-extension.ts, FIRST_TURN_EVENTS).`);
}

/** `runs` cold starts of each worker, in turn, after one untimed warm-up each. */
export async function measureColdStart(bench: BenchBrowser, runs: number): Promise<ColdStart> {
  if (!bench.workerFloor) throw new Error('The bench browser was launched without the worker floor.');
  await checkFloorListeners(bench);
  const ourPage = await openPage(bench, bench.ours, 'options.html#about');
  const floorPage = await openPage(bench, bench.workerFloor, 'page.html');
  const emptyPage = await openPage(bench, bench.reference, 'page.html');
  const result: ColdStart = { ours: [], floor: [], empty: [], answer: null };
  for (let run = -1; run < runs; run++) {
    for (const [page, message, samples] of [
      [ourPage, OUR_CALL, result.ours],
      [floorPage, REFERENCE_CALL, result.floor],
      [emptyPage, REFERENCE_CALL, result.empty],
    ] as const) {
      await bench.stopWorkers();
      const { ms, answer } = await timeMessage(page, message);
      if (page === ourPage) result.answer = answer;
      if (run >= 0) samples.push(ms);
    }
  }
  // Ours running again for what follows (the last stop was before the reference's turn).
  await timeMessage(ourPage, OUR_CALL);
  await bench.worker(bench.ours);
  await ourPage.close();
  await floorPage.close();
  await emptyPage.close();
  return result;
}
