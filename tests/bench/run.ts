import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startSandbox } from '../sandbox/server.ts';
import { connect, openPhishingPage, servePhishingPages } from '../e2e/reporting-helpers.ts';
import { seedReports } from '../support/seed-extension.ts';
import { BodyWatch } from './body-watch.ts';
import { launchBenchBrowser, type BenchBrowser } from './browser.ts';
import { renderChart } from './chart.ts';
import { growthSeries, judgeFigures } from './figures.ts';
import { measureBundles } from './measure-bundles.ts';
import { measureColdStart } from './measure-cold-start.ts';
import { measureMyReports, writeReportsFloor } from './measure-my-reports.ts';
import { measurePopupReady, type PopupReady } from './measure-popup.ts';
import { measureRefresh, refreshOnce, REFRESH_SIZES } from './measure-refresh.ts';
import { measureReportLatency } from './measure-report.ts';
import { writePopupFloor, writeReferenceExtension, writeWorkerFloorExtension } from './reference-extension.ts';
import { buildResults, formatTable, type Machine } from './results.ts';

// `npm run bench` (issue 10): the production build's figures in headless
// Chromium against the sandbox, each beside its limit measured in the same
// run. BENCH_RUNS (default 20) sets the runs per figure; fewer are for
// trying the bench out only. Writes docs/bench/latest.json and latest.svg.

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** Memory is measured after this many reports. */
const REPORTS_BEFORE_MEMORY = 100;
/** BENCH_BUILD=dir: another bench build (to compare two, BENCH_ONLY). */
const BENCH_BUILD = path.resolve(process.env.BENCH_BUILD ?? '.output/chrome-mv3-bench');
const SHIPPED_BUILD = path.resolve('.output/chrome-mv3');
const OUT_DIR = path.resolve('docs/bench');
const PAGE = 'https://secure-acme-login.com/signin';
/** My reports is measured again over this many rows, with half the runs (each opens the list and the floor over them). */
const LARGE_ROWS = 100_000;
const LARGE_RUNS = Math.max(1, Math.ceil(RUNS / 2));
/**
 * The popup's opens are spread over this many launches of the browser
 * (BENCH_POPUP_LAUNCHES, 4): one launch can favour one extension's popup over
 * another's by 16–26 ms, round after round, even two copies of one build
 * (found with `npm run bench:popup-pair`, docs/performance.md › The popup's
 * open); medians over several launches are not one launch's draw.
 */
const POPUP_LAUNCHES = Number(process.env.BENCH_POPUP_LAUNCHES ?? 4);
/** BENCH_ONLY=cold,popup,refresh,report,reports measures only those figures and prints their medians (to try one change); the budgets are judged only on a whole run. */
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const PARTS = ['cold', 'popup', 'refresh', 'report', 'reports'];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Prints the median of every list of numbers in what one part measured (a single number as it is), with the ratio of ours to its floor where both are there. */
function printPart(name: string, measured: object): void {
  const medians = Object.fromEntries(
    Object.entries(measured).flatMap(([key, value]) =>
      Array.isArray(value) && typeof value[0] === 'number' ? [[key, Math.round(median(value as number[]) * 10) / 10]] : typeof value === 'number' ? [[key, value]] : [],
    ),
  );
  console.log(`${name}: ${JSON.stringify(medians)}`);
}

/** A partial run (BENCH_ONLY): the chosen parts in the whole run's order, each printed; nothing written. */
async function measureOnly(bench: BenchBrowser, sandbox: Awaited<ReturnType<typeof startSandbox>>, watch: BodyWatch, dirs: [string, string, string]): Promise<void> {
  const unknown = [...ONLY].filter((part) => !PARTS.includes(part));
  if (unknown.length > 0) throw new Error(`BENCH_ONLY takes ${PARTS.join(', ')}, not ${unknown.join(', ')}.`);
  if (ONLY.has('cold')) printPart('cold start', await measureColdStart(bench, RUNS));
  const tab = await openPhishingPage(bench.context, PAGE);
  if (ONLY.has('popup')) printPart('popup', await measurePopupOverLaunches(bench, tab, sandbox, dirs));
  // As in a whole run, the refresh (its writes of up to 10,000 statuses) comes before the reports.
  if (ONLY.has('refresh')) for (const at of await measureRefresh(bench, sandbox.baseUrl, RUNS)) printPart(`refresh at ${at.n}`, at);
  if (ONLY.has('report')) {
    const worker = await bench.worker(bench.ours);
    printPart('report', await measureReportLatency({ worker, page: tab, watch, baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.managed, runs: RUNS, extra: 0 }));
  }
  if (ONLY.has('reports')) {
    await seedUpTo(bench, 0, 10_100);
    printPart('My reports 10,100', await measureMyReports(bench, RUNS));
    await seedUpTo(bench, 10_100, LARGE_ROWS);
    printPart('My reports 100,000', await measureMyReports(bench, LARGE_RUNS));
  }
}

/** Adds sent reports to the outbox until it holds `rows`, written from one of the extension's pages in batches of 10,000. */
async function seedUpTo(bench: BenchBrowser, from: number, rows: number): Promise<void> {
  const page = await bench.context.newPage();
  await page.goto(`chrome-extension://${bench.ours.id}/reports-floor.html`);
  for (let start = from; start < rows; start += 10_000) {
    const ids = Array.from({ length: Math.min(10_000, rows - start) }, (_, offset) => `inc_large_${start + offset}`);
    await seedReports(page, ids, start);
  }
  await page.close();
}

/** The popup's RUNS opens, spread over POPUP_LAUNCHES launches: this browser first, then fresh ones with the same extensions, each connected to the sandbox. */
async function measurePopupOverLaunches(bench: BenchBrowser, tab: Page, sandbox: Awaited<ReturnType<typeof startSandbox>>, dirs: [string, string, string]): Promise<PopupReady> {
  const launches = Math.max(1, Math.min(POPUP_LAUNCHES, RUNS));
  const runsOf = (launch: number) => Math.floor(RUNS / launches) + (launch < RUNS % launches ? 1 : 0);
  const parts = [await measurePopupReady(bench, tab, runsOf(0))];
  for (let launch = 1; launch < launches; launch++) {
    const fresh = await launchBenchBrowser(...dirs);
    try {
      await servePhishingPages(fresh.context);
      await connect(fresh.context, fresh.ours.id, sandbox);
      parts.push(await measurePopupReady(fresh, await openPhishingPage(fresh.context, PAGE), runsOf(launch)));
    } finally {
      await fresh.close();
    }
  }
  for (const [launch, part] of parts.entries())
    step(
      `popup, launch ${launch + 1}: ready ${median(part.ours).toFixed(1)} / design floor ${median(part.design.ready).toFixed(1)} / empty ${median(part.empty).toFixed(1)} ms, mounted ${median(part.mounted).toFixed(1)} / design floor ${median(part.design.mounted).toFixed(1)} / reads ${median(part.floor).toFixed(1)} ms`,
    );
  const all = (key: 'ours' | 'empty' | 'floor' | 'shellPaint' | 'mounted') => parts.flatMap((part) => part[key]);
  return {
    ours: all('ours'),
    empty: all('empty'),
    floor: all('floor'),
    shellPaint: all('shellPaint'),
    mounted: all('mounted'),
    fromShell: parts.reduce((sum, part) => sum + part.fromShell, 0),
    shown: parts.at(-1)!.shown,
    design: { ready: parts.flatMap((part) => part.design.ready), mounted: parts.flatMap((part) => part.design.mounted) },
  };
}

function step(text: string): void {
  console.error(`[bench] ${new Date().toISOString().slice(11, 19)} ${text}`);
}

function machine(browser: string, loadAtStart: number): Machine {
  const osName = existsSync('/etc/os-release') ? (/^PRETTY_NAME="?([^"\n]+)/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? os.type()) : os.type();
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    os: `${osName} (${os.release()})`,
    node: process.version,
    browser,
    loadAverage: { start: loadAtStart, end: Math.round(os.loadavg()[0]! * 100) / 100 },
  };
}

async function main(): Promise<void> {
  for (const dir of [BENCH_BUILD, SHIPPED_BUILD]) {
    if (!existsSync(path.join(dir, 'manifest.json'))) throw new Error(`No build at ${dir}. Run: npm run bench (it builds both).`);
  }
  if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_RUNS must be a positive whole number, not ${process.env.BENCH_RUNS}.`);
  const loadAtStart = Math.round(os.loadavg()[0]! * 100) / 100;
  const watch = new BodyWatch();
  const sandbox = await startSandbox({ quiet: true, onRequestBody: watch.receive });
  const referenceDir = writeReferenceExtension();
  writePopupFloor(BENCH_BUILD, referenceDir);
  writeReportsFloor(BENCH_BUILD);
  const workerFloorDir = writeWorkerFloorExtension(readFileSync(path.join(BENCH_BUILD, 'background.js'), 'utf8'));
  const bench = await launchBenchBrowser(BENCH_BUILD, referenceDir, workerFloorDir);
  try {
    await servePhishingPages(bench.context);
    await connect(bench.context, bench.ours.id, sandbox);
    if (ONLY.size > 0) {
      await measureOnly(bench, sandbox, watch, [BENCH_BUILD, referenceDir, workerFloorDir]);
      return;
    }

    step(`cold start × ${RUNS}`);
    const coldStart = await measureColdStart(bench, RUNS);
    const idleHeapBytes = await bench.workerHeap(bench.ours);

    const tab = await openPhishingPage(bench.context, PAGE);
    step(`popup ready × ${RUNS} over ${POPUP_LAUNCHES} launches`);
    const popup = await measurePopupOverLaunches(bench, tab, sandbox, [BENCH_BUILD, referenceDir, workerFloorDir]);
    if (popup.shown.subject !== PAGE || !popup.shown.connected) throw new Error(`Our popup was not ready as measured: ${JSON.stringify(popup.shown)}`);

    // Refresh first, while the sandbox's recent incidents are exactly the N followed ones.
    step(`refresh × ${RUNS} at N = ${REFRESH_SIZES.join(', ')}`);
    const refresh = await measureRefresh(bench, sandbox.baseUrl, RUNS);

    step(`report latency × ${RUNS}, then reports up to ${REPORTS_BEFORE_MEMORY}`);
    const report = await measureReportLatency({
      worker: await bench.worker(bench.ours),
      page: tab,
      watch,
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.keys.managed,
      runs: RUNS,
      extra: Math.max(0, REPORTS_BEFORE_MEMORY - RUNS),
    });
    if (!report.files.some((name) => name.startsWith('screenshot-')) || !report.files.includes('page-source.txt') || !report.files.includes('evidence-record.txt')) {
      throw new Error(`The report lacked its evidence: ${report.files.join(', ')}`);
    }
    await refreshOnce(bench);
    const afterReportsHeapBytes = await bench.workerHeap(bench.ours);

    step(`My reports × ${RUNS}`);
    const myReports = await measureMyReports(bench, RUNS);
    step(`My reports at ${LARGE_ROWS.toLocaleString('en-US')} rows × ${LARGE_RUNS}`);
    await seedUpTo(bench, myReports.rows, LARGE_ROWS);
    const myReportsLarge = await measureMyReports(bench, LARGE_RUNS);

    const bundles = measureBundles(SHIPPED_BUILD);
    const figures = judgeFigures({ report, popup, coldStart, refresh, myReports, myReportsLarge, bundles, idleHeapBytes, afterReportsHeapBytes });
    const results = buildResults({
      ranAt: new Date().toISOString(),
      machine: machine(`Chromium ${bench.version} (headless)`, loadAtStart),
      runsPerFigure: RUNS,
      figures,
      growth: growthSeries(refresh, idleHeapBytes),
      lazyChunks: bundles.lazy,
    });
    mkdirSync(OUT_DIR, { recursive: true });
    writeFileSync(
      path.join(OUT_DIR, 'latest.json'),
      `${JSON.stringify({ ...results, report: { files: report.files, bodyBytes: report.bodyBytes, limitSteps: report.limitSteps }, popupShellPaint: popup.shellPaint, eagerFiles: bundles.files }, null, 2)}\n`,
    );
    const { machine: ran } = results;
    writeFileSync(
      path.join(OUT_DIR, 'latest.svg'),
      renderChart(figures, `npm run bench, ${results.ranAt.slice(0, 10)}: ${ran.cores} cores, load ${ran.loadAverage.start}→${ran.loadAverage.end}, ${RUNS} runs per figure`),
    );
    console.log(formatTable(results));
    process.exitCode = figures.every((figure) => figure.holds) ? 0 : 1;
  } finally {
    await bench.close();
    await sandbox.close();
    rmSync(referenceDir, { recursive: true, force: true });
    rmSync(workerFloorDir, { recursive: true, force: true });
  }
}

await main();
