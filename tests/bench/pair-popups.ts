import type { Page } from '@playwright/test';
import { startSandbox } from '../sandbox/server.ts';
import { connect, openPhishingPage, servePhishingPages } from '../e2e/reporting-helpers.ts';
import { liveWorker, type LoadedExtension } from './browser.ts';
import { launchPair } from './pair-builds.ts';
import { openPopup } from './measure-popup.ts';
import { CAPTURE_SPACING_MS } from './measure-report.ts';

// `npm run bench:popup-pair -- <build A> <build B>` (issue 43): two builds of
// ours, A and B, loaded in one browser beside the reference extension, their
// popups opened in turn over the bench's phishing page (A first in even
// rounds, B first in odd ones), each round with the empty page and
// `reads.html` (the bench's limit and floor, measure-popup.ts). A change too
// small to tell apart from the load in two separate runs shows here, paired:
// it prints each popup's median `popup-ready`, `popup-mounted` and first
// contentful paint (a popup is shown only once sized: its first frame comes
// after both marks), the marks' ratios to the same run's empty page and
// floor, and in how many rounds B was mounted and painted sooner. PAIR_RUNS rounds (15); PAIR_FIRST=1: every open a first
// open (the kept render deleted after each, as BENCH_POPUP_FIRST=1).

const RUNS = Number(process.env.PAIR_RUNS ?? 15);
const FIRST_OPEN = process.env.PAIR_FIRST === '1';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function markAt(popup: Page, mark: string): Promise<number> {
  const handle = await popup.waitForFunction((name) => performance.getEntriesByName(name)[0]?.startTime, mark, { polling: 10, timeout: 20_000 });
  return Number(await handle.jsonValue());
}

async function main(): Promise<void> {
  const [dirA, dirB] = process.argv.slice(2);
  if (!dirA || !dirB) throw new Error('Usage: npm run bench:popup-pair -- <build A> <build B> (copies of .output/chrome-mv3-bench).');
  const sandbox = await startSandbox({ quiet: true });
  const { context, debugPort, A, B, reference } = await launchPair(dirA, dirB);
  try {
    const bench = { debugPort, worker: (extension: LoadedExtension) => liveWorker(context, extension) };
    await servePhishingPages(context);
    await connect(context, A.id, sandbox);
    await connect(context, B.id, sandbox);
    const tab = await openPhishingPage(context, 'https://phish.example/login');
    const times = {
      A: { ready: [] as number[], mounted: [] as number[], painted: [] as number[] },
      B: { ready: [] as number[], mounted: [] as number[], painted: [] as number[] },
      empty: [] as number[],
      floor: [] as number[],
    };
    let [bSooner, bPaintedSooner] = [0, 0];
    for (let round = -1; round < RUNS; round++) {
      const ours = round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
      const mounted: Record<string, number> = {};
      const painted: Record<string, number> = {};
      for (const name of [...ours, 'empty', 'floor'] as const) {
        await tab.bringToFront();
        // Our popup captures the tab for its draft: keep within captureVisibleTab's quota.
        await sleep(CAPTURE_SPACING_MS);
        const extension = name === 'A' ? A : name === 'B' ? B : reference;
        const { popup, done } = await openPopup(bench, extension, name === 'empty' ? 'page.html' : name === 'floor' ? 'reads.html' : 'popup.html');
        const ready = await markAt(popup, 'popup-ready');
        if (name === 'A' || name === 'B') {
          mounted[name] = await markAt(popup, 'popup-mounted');
          painted[name] = await markAt(popup, 'first-contentful-paint');
          if (round >= 0) {
            times[name].ready.push(ready);
            times[name].mounted.push(mounted[name]);
            times[name].painted.push(painted[name]);
          }
          if (FIRST_OPEN) {
            await popup.waitForFunction(() => localStorage.getItem('takedown-reporter:popup-shell') !== null, undefined, { polling: 20, timeout: 5_000 });
            await popup.evaluate(() => localStorage.clear());
          }
        } else if (round >= 0) times[name].push(ready);
        await done();
      }
      if (round >= 0 && mounted.B! < mounted.A!) bSooner++;
      if (round >= 0 && painted.B! < painted.A!) bPaintedSooner++;
    }
    const [empty, floor] = [median(times.empty), median(times.floor)];
    for (const name of ['A', 'B'] as const) {
      const [ready, mounted, painted] = [median(times[name].ready), median(times[name].mounted), median(times[name].painted)];
      console.log(
        `${name}: ready ${ready.toFixed(1)} ms (${(ready / empty).toFixed(2)} × the empty page's ${empty.toFixed(1)}), mounted ${mounted.toFixed(1)} ms (${(mounted / floor).toFixed(2)} × the floor's ${floor.toFixed(1)}), first paint ${painted.toFixed(1)} ms`,
      );
    }
    console.log(`B mounted sooner in ${bSooner} and painted sooner in ${bPaintedSooner} of ${RUNS} rounds${FIRST_OPEN ? ' (first opens)' : ''}.`);
  } finally {
    await context.close();
    await sandbox.close();
  }
}

await main();
