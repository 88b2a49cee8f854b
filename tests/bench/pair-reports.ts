import type { Worker } from '@playwright/test';
import { startSandbox } from '../sandbox/server.ts';
import { connect, openPhishingPage, servePhishingPages } from '../e2e/reporting-helpers.ts';
import { BodyWatch } from './body-watch.ts';
import { liveWorker } from './browser.ts';
import { CAPTURE_SPACING_MS, preparePayload, rememberTab, timeFloor, timeMenuReport } from './measure-report.ts';
import { launchPair } from './pair-builds.ts';

// `npm run bench:report-pair -- <build A> <build B>` (issue 43): report
// latency (bench figure 1) of two bench builds in one browser, a menu report
// of the same phishing tab by each in turn (A first in even rounds, B first in
// odd ones), each round with the floor (the bare calls with the stamp drawn,
// in A's worker). Prints each build's median with its ratio to the floor's,
// the median of B − A over the rounds, and in how many rounds B was sooner.
// PAIR_RUNS rounds (20), one warm-up round not counted.

const RUNS = Number(process.env.PAIR_RUNS ?? 20);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const [dirA, dirB] = process.argv.slice(2);
  if (!dirA || !dirB) throw new Error('Usage: npm run bench:report-pair -- <build A> <build B> (copies of .output/chrome-mv3-bench).');
  const watch = new BodyWatch();
  const sandbox = await startSandbox({ quiet: true, onRequestBody: watch.receive });
  const { context, A, B } = await launchPair(dirA, dirB);
  try {
    await servePhishingPages(context);
    await connect(context, A.id, sandbox);
    await connect(context, B.id, sandbox);
    const tab = await openPhishingPage(context, 'https://secure-acme-login.com/signin');
    await tab.bringToFront();
    const workers: Record<'A' | 'B', Worker> = { A: await liveWorker(context, A), B: await liveWorker(context, B) };
    for (const worker of Object.values(workers)) await rememberTab(worker);
    const times: Record<'A' | 'B' | 'floor', number[]> = { A: [], B: [], floor: [] };
    const differences: number[] = [];
    let prepared = false;
    for (let round = -1; round < RUNS; round++) {
      const order = round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
      const took: Partial<Record<'A' | 'B', number>> = {};
      for (const name of order) {
        await sleep(CAPTURE_SPACING_MS);
        const report = await timeMenuReport(workers[name], watch, tab.url());
        took[name] = report.ms;
        if (!prepared) {
          await preparePayload(workers.A, report.body, report.contentType, sandbox.baseUrl, sandbox.keys.managed);
          prepared = true;
        }
      }
      await sleep(CAPTURE_SPACING_MS);
      const floor = await timeFloor(workers.A, watch);
      if (round < 0) continue;
      times.A.push(took.A!);
      times.B.push(took.B!);
      times.floor.push(floor);
      differences.push(took.B! - took.A!);
    }
    const floor = median(times.floor);
    console.log(`Report latency, ${RUNS} rounds; floor ${floor.toFixed(1)} ms`);
    for (const name of ['A', 'B'] as const) console.log(`  ${name}: ${median(times[name]).toFixed(1)} ms (${(median(times[name]) / floor).toFixed(2)} ×)`);
    console.log(`  B − A: median ${median(differences).toFixed(1)} ms; B sooner in ${differences.filter((difference) => difference < 0).length} of ${RUNS} rounds`);
  } finally {
    await context.close();
    await sandbox.close();
  }
}

await main();
