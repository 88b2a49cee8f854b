import { judge, single, summarize, type Figure, type Verdict } from './budgets.ts';
import type { Bundles } from './measure-bundles.ts';
import type { ColdStart } from './measure-cold-start.ts';
import type { MyReportsFigures } from './measure-my-reports.ts';
import type { PopupReady } from './measure-popup.ts';
import type { RefreshAtN } from './measure-refresh.ts';
import type { ReportLatency } from './measure-report.ts';
import type { GrowthSeries } from './results.ts';

// The seven figures, each with its budget, from what run.ts measured.

export interface Measured {
  report: ReportLatency;
  popup: PopupReady;
  coldStart: ColdStart;
  refresh: RefreshAtN[];
  myReports: MyReportsFigures;
  /** The same at 100,000 rows, when measured. */
  myReportsLarge?: MyReportsFigures;
  bundles: Bundles;
  idleHeapBytes: number;
  /** After 100 reports and a refresh of every followed report (10,000 and those 100). */
  afterReportsHeapBytes: number;
}

const KB = 1024;
const MB = 1024 * 1024;

function refreshFigures(refresh: RefreshAtN[]): Figure[] {
  return refresh.flatMap((at) => {
    const n = at.n.toLocaleString('en-US');
    const group = '4. Refresh cost';
    return [
      { id: `refresh-lists-${at.n}`, group, label: `Refresh N=${n}: list requests`, unit: 'requests', value: single(at.listRequests), budget: { kind: 'max', value: Math.ceil(at.n / 5000) } },
      { id: `refresh-per-id-${at.n}`, group, label: `Refresh N=${n}: per-report requests`, unit: 'requests', value: single(at.perIdRequests), budget: { kind: 'max', value: 0 } },
      { id: `refresh-time-${at.n}`, group, label: `Refresh N=${n}: time`, unit: 'ms', value: summarize(at.ms), budget: { kind: 'none' } },
    ] satisfies Figure[];
  });
}

function memoryFigures(refresh: RefreshAtN[], idle: number, afterReports: number): Figure[] {
  const group = '7. Memory';
  return [
    { id: 'heap-idle', group, label: 'Worker heap, idle', unit: 'MB', value: single(idle / MB), budget: { kind: 'none' } },
    {
      id: 'heap-after-reports',
      group,
      label: 'Worker heap over idle, after 100 reports + refresh of 10,000',
      unit: 'MB',
      value: single((afterReports - idle) / MB),
      budget: { kind: 'max', value: 5 },
    },
    ...refresh.map((at): Figure => ({
      id: `heap-${at.n}`,
      group,
      label: `Worker heap over idle, after refresh N=${at.n.toLocaleString('en-US')}`,
      unit: 'MB',
      value: single((at.heapBytes - idle) / MB),
      budget: { kind: 'max', value: 5 },
    })),
  ];
}

/** My reports' figures over one database: first rows and keystrokes, each against the floor page over the same rows. */
function myReportsFigures(myReports: MyReportsFigures, idSuffix: string): Figure[] {
  const rows = myReports.rows.toLocaleString('en-US');
  const group = '5. My reports';
  return [
    {
      id: `my-reports-first-render${idSuffix}`,
      group,
      label: `My reports at ${rows} rows: first render`,
      unit: 'ms',
      value: summarize(myReports.firstRender),
      limit: summarize(myReports.floor),
      limitLabel: 'the floor: a page of ours, no framework, the first 50 rows of the same database',
      budget: { kind: 'ratio', factor: 1.3 },
    },
    {
      id: `my-reports-floor${idSuffix}`,
      group,
      label: `My reports floor at ${rows} rows: a page of ours, no framework, reading the first 50 rows of the same database`,
      unit: 'ms',
      value: summarize(myReports.floor),
      budget: { kind: 'none' },
      note: 'opened the same way, in turn with My reports',
    },
    {
      id: `my-reports-all-listed${idSuffix}`,
      group,
      label: `My reports: all ${rows} rows listed`,
      unit: 'ms',
      value: summarize(myReports.allListed),
      budget: { kind: 'none' },
    },
    {
      id: `my-reports-keystroke${idSuffix}`,
      group,
      label: `My reports at ${rows} rows: slowest keystroke of a search (input → filtered list shown)`,
      unit: 'ms',
      value: summarize(myReports.slowestKeystroke),
      limit: summarize(myReports.floorSlowestKeystroke),
      limitLabel: 'the floor page filtering the same rows for the same keys, no framework',
      budget: { kind: 'ratio', factor: 1.3 },
      note: 'per run, the slowest of its keystrokes; median over runs',
    },
    {
      id: `my-reports-keystrokes${idSuffix}`,
      group,
      label: `My reports at ${rows} rows: every keystroke`,
      unit: 'ms',
      value: summarize(myReports.keystrokes),
      limit: summarize(myReports.floorKeystrokes),
      limitLabel: 'the floor page, every keystroke',
      budget: { kind: 'none' },
    },
  ];
}

/** Every figure, judged. */
export function judgeFigures(measured: Measured): Verdict[] {
  const { report, popup, coldStart, refresh, myReports, myReportsLarge, bundles, idleHeapBytes, afterReportsHeapBytes } = measured;
  const figures: Figure[] = [
    {
      id: 'report-latency',
      group: '1. Report latency',
      label: 'Report latency (menu → sandbox holds the request)',
      unit: 'ms',
      value: summarize(report.report),
      limit: summarize(report.floor),
      limitLabel: 'the floor: the bare calls with the stamp drawn into the screenshot',
      budget: { kind: 'ratio', factor: 1.3 },
    },
    {
      id: 'report-floor',
      group: '1. Report latency',
      label: 'Report floor: the bare calls + the stamp drawn into the screenshot',
      unit: 'ms',
      value: summarize(report.floor),
      limit: summarize(report.limit),
      limitLabel: 'captureVisibleTab + page-evidence executeScript + fetch of the same payload, without the stamp',
      budget: { kind: 'none' },
      note: 'no report that keeps the stamp in its picture can be faster',
    },
    {
      id: 'popup-ready',
      group: '2. Popup ready',
      label: 'Popup ready (open → form with URL and connection)',
      unit: 'ms',
      value: summarize(popup.ours),
      limit: summarize(popup.design.ready),
      limitLabel: 'the floor: a popup of our design that runs none of our code (our popup’s files, same places, never run; the same reads fill a form in the HTML)',
      budget: { kind: 'ratio', factor: 1.3 },
    },
    {
      id: 'popup-mounted',
      group: '2. Popup ready',
      label: 'Popup mounted (open → the app has taken over; every control answers)',
      unit: 'ms',
      value: summarize(popup.mounted),
      limit: summarize(popup.design.mounted),
      limitLabel: 'the floor: the same popup of our design once its modules are in and evaluated',
      budget: { kind: 'ratio', factor: 1.3 },
      note: `the kept first render painted ${popup.fromShell} of ${popup.ours.length} timed opens; its text fields take typing before this`,
    },
    {
      id: 'popup-design-floor',
      group: '2. Popup ready',
      label: 'Popup floor of our design: our popup’s files never run + the reads + a form in the HTML',
      unit: 'ms',
      value: summarize(popup.design.ready),
      limit: summarize(popup.empty),
      limitLabel: 'an empty extension popup',
      budget: { kind: 'none' },
      note: 'what any popup that loads our files (one classic script, one module and its imports, one stylesheet) pays before running a line of them',
    },
    {
      id: 'popup-ready-empty',
      group: '2. Popup ready',
      label: 'Popup ready against an empty extension popup',
      unit: 'ms',
      value: summarize(popup.ours),
      limit: summarize(popup.empty),
      limitLabel: 'an empty extension popup',
      budget: { kind: 'none' },
    },
    {
      id: 'popup-mounted-reads',
      group: '2. Popup ready',
      label: 'Popup mounted against a form in the HTML filled from the tab and storage (one script, no framework)',
      unit: 'ms',
      value: summarize(popup.mounted),
      limit: summarize(popup.floor),
      limitLabel: 'a form in the HTML filled from the tab and storage, no framework',
      budget: { kind: 'none' },
      note: 'the reads any report popup waits for before it can show the address and the connection',
    },
    {
      id: 'popup-files',
      group: '2. Popup ready',
      label: 'Popup: scripts loaded before its first render (the floor carries as many)',
      unit: 'scripts',
      value: single(bundles.files.popup?.length ?? Number.NaN),
      budget: { kind: 'max', value: 4 },
    },
    {
      id: 'cold-start',
      group: '3. Cold start',
      label: 'Worker cold start (stopped → first answer)',
      unit: 'ms',
      value: summarize(coldStart.ours),
      limit: summarize(coldStart.floor),
      limitLabel: 'the floor: a worker of our design that runs none of our code (our script never run, the first turn’s listeners, one storage read)',
      budget: { kind: 'ratio', factor: 1.3 },
    },
    {
      id: 'cold-start-floor',
      group: '3. Cold start',
      label: 'Cold start floor: our script never run + the first turn’s listeners + one read',
      unit: 'ms',
      value: summarize(coldStart.floor),
      limit: summarize(coldStart.empty),
      limitLabel: 'an empty worker',
      budget: { kind: 'none' },
      note: 'what any worker that carries our script and listens to our events pays before running a line of it',
    },
    {
      id: 'cold-start-empty',
      group: '3. Cold start',
      label: 'Worker cold start against an empty worker',
      unit: 'ms',
      value: summarize(coldStart.ours),
      limit: summarize(coldStart.empty),
      limitLabel: 'an empty worker',
      budget: { kind: 'none' },
    },
    ...refreshFigures(refresh),
    ...myReportsFigures(myReports, ''),
    ...(myReportsLarge ? myReportsFigures(myReportsLarge, '-large') : []),
    ...(
      [
        ['background', 36],
        ['popup', 30],
        ['options', 60],
        ['review', null],
        ['incident', null],
      ] as const
    ).map(([entry, budget]): Figure => ({
      id: `bundle-${entry}`,
      group: '6. Bundles',
      label: `Bundle: ${entry} (gzip, loaded before use)`,
      unit: 'KB',
      value: single(bundles.eager[entry]! / KB),
      budget: budget === null ? { kind: 'none' } : { kind: 'max', value: budget },
    })),
    { id: 'content-scripts', group: '6. Bundles', label: 'Content scripts injected into web pages', unit: 'scripts', value: single(bundles.contentScripts), budget: { kind: 'max', value: 0 } },
    ...memoryFigures(refresh, idleHeapBytes, afterReportsHeapBytes),
  ];
  return figures.map(judge);
}

/** How refresh time, requests and the worker's heap grow with N. */
export function growthSeries(refresh: RefreshAtN[], idleHeapBytes: number): GrowthSeries[] {
  return [
    { label: 'Refresh time (median)', unit: 'ms', points: refresh.map((at) => ({ n: at.n, value: summarize(at.ms).median })) },
    { label: 'Refresh requests (list + per-id + other)', unit: 'requests', points: refresh.map((at) => ({ n: at.n, value: at.listRequests + at.perIdRequests + at.otherRequests })) },
    { label: 'Worker heap over idle', unit: 'MB', points: refresh.map((at) => ({ n: at.n, value: (at.heapBytes - idleHeapBytes) / MB })) },
  ];
}
