import { performance } from 'node:perf_hooks';
import type { BenchBrowser } from './browser.ts';
import { createIncidents, seedReports } from '../support/seed-extension.ts';

// 4. Refresh cost: N followed reports (N = 10, 100, 1,000, 10,000), each an
// incident in the sandbox, written into the outbox as sent reports. One
// refresh is the background's own (the dispatcher the alarm and *Refresh
// now* call), timed from the CDP call to its answer; its HTTP requests are
// read from the sandbox's request log. 7. Memory: the worker's heap after
// the refreshes at each N.

export const REFRESH_SIZES = [10, 100, 1_000, 10_000] as const;

export interface RefreshAtN {
  n: number;
  ms: number[];
  /** The most of each kind any one refresh made. */
  listRequests: number;
  perIdRequests: number;
  otherRequests: number;
  /** The worker's heap after these refreshes, after a full GC, in bytes. */
  heapBytes: number;
}

interface LoggedRequest {
  method: string;
  path: string;
}

async function takeRequests(baseUrl: string): Promise<LoggedRequest[]> {
  const logged = ((await (await fetch(`${baseUrl}/__sandbox/requests`)).json()) as { data: LoggedRequest[] }).data;
  await fetch(`${baseUrl}/__sandbox/requests`, { method: 'DELETE' });
  return logged;
}

/** One refresh of everything followed, as the alarm runs it; throws when it fails. */
export async function refreshOnce(bench: BenchBrowser): Promise<void> {
  const worker = await bench.worker(bench.ours);
  const state = (await worker.evaluate(() => (globalThis as unknown as { takedownReporterTest: { refresh(): Promise<unknown> } }).takedownReporterTest.refresh())) as { problem?: unknown };
  if (state.problem) throw new Error(`The refresh failed: ${JSON.stringify(state.problem)}`);
}

/** Seeds up to each N in turn and refreshes `runs` times at each (after one untimed refresh that stores the statuses). */
export async function measureRefresh(bench: BenchBrowser, baseUrl: string, runs: number, sizes: readonly number[] = REFRESH_SIZES): Promise<RefreshAtN[]> {
  const results: RefreshAtN[] = [];
  let seeded = 0;
  for (const n of sizes) {
    const ids = await createIncidents(baseUrl, n - seeded, seeded);
    const page = await bench.context.newPage();
    await page.goto(`chrome-extension://${bench.ours.id}/incident.html`);
    await seedReports(page, ids, seeded);
    await page.close();
    seeded = n;

    const worker = await bench.worker(bench.ours);
    const result: RefreshAtN = { n, ms: [], listRequests: 0, perIdRequests: 0, otherRequests: 0, heapBytes: 0 };
    await takeRequests(baseUrl);
    for (let run = -1; run < runs; run++) {
      const started = performance.now();
      const state = (await worker.evaluate(() => (globalThis as unknown as { takedownReporterTest: { refresh(): Promise<unknown> } }).takedownReporterTest.refresh())) as { problem?: unknown };
      const ms = performance.now() - started;
      if (state.problem) throw new Error(`The refresh at N=${n} failed: ${JSON.stringify(state.problem)}`);
      const requests = (await takeRequests(baseUrl)).filter((entry) => entry.method === 'GET');
      result.listRequests = Math.max(result.listRequests, requests.filter((entry) => entry.path === '/v1/incidents').length);
      result.perIdRequests = Math.max(result.perIdRequests, requests.filter((entry) => entry.path.startsWith('/v1/incident/')).length);
      result.otherRequests = Math.max(result.otherRequests, requests.filter((entry) => entry.path !== '/v1/incidents' && !entry.path.startsWith('/v1/incident/')).length);
      if (run >= 0) result.ms.push(ms);
    }
    result.heapBytes = await bench.workerHeap(bench.ours);
    results.push(result);
  }
  return results;
}
