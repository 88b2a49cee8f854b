import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
// floor (and the floor's first paint), and in how many rounds B was mounted
// and painted sooner. In several launches (PAIR_LAUNCHES, 4), the builds
// swapped between the same two folders and load positions each time:
// identical builds differed by up to 20 ms (1.4 ×) in one launch, as many
// rounds in a row, and not in the next (session 9, docs/performance.md), so
// a launch is one sample, not its rounds. PAIR_RUNS rounds per launch (15);
// PAIR_FIRST=1: every open a first open (the kept render deleted after
// each, as BENCH_POPUP_FIRST=1).

const RUNS = Number(process.env.PAIR_RUNS ?? 15);
const LAUNCHES = Number(process.env.PAIR_LAUNCHES ?? 4);
const FIRST_OPEN = process.env.PAIR_FIRST === '1';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function markAt(popup: Page, mark: string): Promise<number> {
  const handle = await popup.waitForFunction((name) => performance.getEntriesByName(name)[0]?.startTime, mark, { polling: 10, timeout: 20_000 });
  return Number(await handle.jsonValue());
}

type Times = {
  A: { ready: number[]; mounted: number[]; painted: number[] };
  B: { ready: number[]; mounted: number[]; painted: number[] };
  empty: number[];
  floor: number[];
  floorPainted: number[];
  /** Rounds in which B was mounted, painted sooner than A. */
  bSooner: number;
  bPaintedSooner: number;
};

function emptyTimes(): Times {
  return { A: { ready: [], mounted: [], painted: [] }, B: { ready: [], mounted: [], painted: [] }, empty: [], floor: [], floorPainted: [], bSooner: 0, bPaintedSooner: 0 };
}

/** One browser with the builds at `first` and `second` (in that order, marked as `marks` says) and the reference: RUNS timed rounds into `times`. */
async function launch(first: string, second: string, marks: readonly ['A' | 'B', 'A' | 'B'], times: Times): Promise<void> {
  const sandbox = await startSandbox({ quiet: true });
  const { context, debugPort, A, B, reference } = await launchPair(first, second, marks);
  try {
    const bench = { debugPort, worker: (extension: LoadedExtension) => liveWorker(context, extension) };
    await servePhishingPages(context);
    await connect(context, A.id, sandbox);
    await connect(context, B.id, sandbox);
    const tab = await openPhishingPage(context, 'https://phish.example/login');
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
        } else if (round >= 0) {
          times[name].push(ready);
          if (name === 'floor') times.floorPainted.push(await markAt(popup, 'first-contentful-paint'));
        }
        await done();
      }
      if (round >= 0 && mounted.B! < mounted.A!) times.bSooner++;
      if (round >= 0 && painted.B! < painted.A!) times.bPaintedSooner++;
    }
  } finally {
    await context.close();
    await sandbox.close();
  }
}

function report(times: Times, rounds: number, what: string): void {
  const [empty, floor, floorPainted] = [median(times.empty), median(times.floor), median(times.floorPainted)];
  console.log(what);
  for (const name of ['A', 'B'] as const) {
    const [ready, mounted, painted] = [median(times[name].ready), median(times[name].mounted), median(times[name].painted)];
    console.log(
      `  ${name}: ready ${ready.toFixed(1)} ms (${(ready / empty).toFixed(2)} × the empty page's ${empty.toFixed(1)}), mounted ${mounted.toFixed(1)} ms (${(mounted / floor).toFixed(2)} × the floor's ${floor.toFixed(1)}), first paint ${painted.toFixed(1)} ms (${(painted / floorPainted).toFixed(2)} × the floor's ${floorPainted.toFixed(1)})`,
    );
  }
  console.log(`  B mounted sooner in ${times.bSooner} and painted sooner in ${times.bPaintedSooner} of ${rounds} rounds${FIRST_OPEN ? ' (first opens)' : ''}.`);
}

/** A copy of `build` at `dir`. */
function place(build: string, dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  cpSync(build, dir, { recursive: true });
}

async function main(): Promise<void> {
  const [dirA, dirB] = process.argv.slice(2);
  if (!dirA || !dirB) throw new Error('Usage: npm run bench:popup-pair -- <build A> <build B> (copies of .output/chrome-mv3-bench).');
  const work = mkdtempSync(path.join(tmpdir(), 'takedown-pair-'));
  const [first, second] = [path.join(work, 'first'), path.join(work, 'second')];
  const all = emptyTimes();
  try {
    let bSoonerLaunches = 0;
    for (let index = 0; index < LAUNCHES; index++) {
      const [atFirst, atSecond] = index % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
      place(atFirst === 'A' ? dirA : dirB, first);
      place(atSecond === 'A' ? dirA : dirB, second);
      const times = emptyTimes();
      await launch(first, second, [atFirst, atSecond], times);
      report(times, RUNS, `Launch ${index + 1}, ${atFirst} loaded first, ${atSecond} second:`);
      if (median(times.B.mounted) < median(times.A.mounted)) bSoonerLaunches++;
      for (const key of ['empty', 'floor', 'floorPainted'] as const) all[key].push(...times[key]);
      for (const name of ['A', 'B'] as const) for (const key of ['ready', 'mounted', 'painted'] as const) all[name][key].push(...times[name][key]);
      all.bSooner += times.bSooner;
      all.bPaintedSooner += times.bPaintedSooner;
    }
    report(all, LAUNCHES * RUNS, `All ${LAUNCHES} launches:`);
    console.log(`  B's median mounted sooner in ${bSoonerLaunches} of ${LAUNCHES} launches.`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
