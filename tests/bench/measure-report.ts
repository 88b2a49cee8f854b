import { performance } from 'node:perf_hooks';
import type { Page, Worker } from '@playwright/test';
import type { BodyWatch } from './body-watch.ts';
import { multipartFileNames } from './body-watch.ts';

// 1. Report latency: from the menu handler (the dispatcher the native click
// calls) to the sandbox holding the whole request with a stamped screenshot
// and the page evidence. The limit, in the same worker and alternating with
// it: the bare calls the report needs — captureVisibleTab, the page-evidence
// executeScript (the product's own script) and a fetch of the same
// multipart payload to the same endpoint. Both start from one CDP evaluate.

const REPORT_PATH = '/v1/incident/tkd';
/** The page-evidence script a report injects (entrypoints/page-snapshot.ts; PAGE_SNAPSHOT_SCRIPT in utils/evidence/capture.ts). */
const PAGE_SNAPSHOT_SCRIPT = '/page-snapshot.js';
/** captureVisibleTab allows two calls a second (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND): keep captures this far apart. */
export const CAPTURE_SPACING_MS = 600;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

declare const chrome: { tabs: { query(query: object): Promise<{ id: number; windowId: number; url: string }[]> } };

export interface ReportLatency {
  report: number[];
  limit: number[];
  /** The limit's calls with the product's stamp between the capture and the upload: what no report with the stamp in its picture can beat. */
  floor: number[];
  /** The files of the last report the sandbox received. */
  files: string[];
  bodyBytes: number;
  /** The limit's three calls, each timed in the worker: medians in ms. */
  limitSteps: { capture: number; script: number; fetch: number };
}

/** Remembers the phishing tab in the worker, so the timed call starts at the dispatcher. */
export async function rememberTab(worker: Worker): Promise<void> {
  await worker.evaluate(async () => {
    const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
    Object.assign(globalThis, { benchTab: tab });
  });
}

/** One menu report: answers the ms from the trigger to the sandbox holding the body, and that body. */
export async function timeMenuReport(worker: Worker, watch: BodyWatch, pageUrl: string): Promise<{ ms: number; body: Buffer; contentType: string }> {
  const arrived = watch.next('POST', REPORT_PATH);
  const started = performance.now();
  await worker.evaluate((url) => {
    const scope = globalThis as unknown as { benchTab: object; benchDone?: Promise<void>; takedownReporterTest: { menuClick(info: object, tab: object): Promise<void> } };
    scope.benchDone = scope.takedownReporterTest.menuClick({ menuItemId: 'takedown-reporter:report-page-tkd', editable: false, pageUrl: url }, scope.benchTab);
  }, pageUrl);
  const body = await arrived;
  await worker.evaluate(() => (globalThis as unknown as { benchDone: Promise<void> }).benchDone);
  return { ms: body.receivedAt - started, body: body.body, contentType: body.contentType ?? '' };
}

/** Puts the payload to resend in the worker (not timed). */
export async function preparePayload(worker: Worker, body: Buffer, contentType: string, baseUrl: string, apiKey: string): Promise<void> {
  await worker.evaluate(
    ({ base64, contentType, url, apiKey }) => {
      // A Blob, as the product's FormData holds its files.
      const bytes = new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))]);
      Object.assign(globalThis, { benchPayload: { bytes, contentType, url, apiKey }, benchSteps: [] });
    },
    { base64: body.toString('base64'), contentType, url: `${baseUrl}${REPORT_PATH}`, apiKey },
  );
}

/**
 * Runs `calls` in the worker, from one CDP evaluate, and answers the ms until
 * the sandbox holds the body. In `calls`: `script` (the page-evidence script,
 * the product's own file, injected as a report injects it), `tab`, and
 * `upload()`, the fetch of the payload a report sent.
 */
async function timeInWorker(worker: Worker, watch: BodyWatch, calls: string): Promise<number> {
  const arrived = watch.next('POST', REPORT_PATH);
  const started = performance.now();
  await worker.evaluate(`(() => {
    const script = ${JSON.stringify(PAGE_SNAPSHOT_SCRIPT)};
    const tab = globalThis.benchTab;
    const payload = globalThis.benchPayload;
    const upload = () => fetch(payload.url, { method: 'POST', headers: { 'x-api-key': payload.apiKey, 'content-type': payload.contentType }, body: payload.bytes });
    globalThis.benchRun = (async () => { ${calls} })();
  })()`);
  const body = await arrived;
  await worker.evaluate('globalThis.benchRun');
  return body.receivedAt - started;
}

/** The bare platform calls, each timed in the worker too. */
function timeLimit(worker: Worker, watch: BodyWatch): Promise<number> {
  return timeInWorker(
    worker,
    watch,
    `const t0 = performance.now();
      await chrome.tabs.captureVisibleTab(tab.windowId, { format: 'png' });
      const t1 = performance.now();
      await chrome.scripting.executeScript({ target: { tabId: tab.id }, files: [script] });
      const t2 = performance.now();
      await upload();
      globalThis.benchSteps.push({ capture: t1 - t0, script: t2 - t1, fetch: performance.now() - t2 });`,
  );
}

/**
 * The floor: the limit's calls with the one step the evidence cannot do
 * without, the stamp drawn into the screenshot (the product's own
 * `stampScreenshot`: decode, draw the band, encode the PNG), between the
 * capture and the upload, as a report does. The page evidence runs beside the
 * capture, as the product runs it. No hashing, no outbox, no record.
 */
export function timeFloor(worker: Worker, watch: BodyWatch): Promise<number> {
  return timeInWorker(
    worker,
    watch,
    `const shot = (async () => {
        const png = await (await fetch(await chrome.tabs.captureVisibleTab(tab.windowId, { format: 'png' }))).blob();
        return globalThis.takedownReporterTest.stamp(png, tab.url);
      })();
      await Promise.all([shot, chrome.scripting.executeScript({ target: { tabId: tab.id }, files: [script] })]);
      await upload();`,
  );
}

/**
 * Makes `runs` timed menu reports, each followed by one timed limit and one timed floor, then
 * `extra` more reports untimed (memory is measured after 100 reports).
 */
export async function measureReportLatency(options: { worker: Worker; page: Page; watch: BodyWatch; baseUrl: string; apiKey: string; runs: number; extra: number }): Promise<ReportLatency> {
  const { worker, page, watch } = options;
  await page.bringToFront();
  await rememberTab(worker);
  const result: ReportLatency = { report: [], limit: [], floor: [], files: [], bodyBytes: 0, limitSteps: { capture: 0, script: 0, fetch: 0 } };
  let prepared = false;
  for (let run = 0; run < options.runs + options.extra; run++) {
    await sleep(CAPTURE_SPACING_MS);
    const report = await timeMenuReport(worker, watch, page.url());
    if (!prepared) {
      await preparePayload(worker, report.body, report.contentType, options.baseUrl, options.apiKey);
      prepared = true;
    }
    result.files = multipartFileNames(report.body);
    result.bodyBytes = report.body.length;
    if (run >= options.runs) continue;
    result.report.push(report.ms);
    await sleep(CAPTURE_SPACING_MS);
    result.limit.push(await timeLimit(worker, watch));
    await sleep(CAPTURE_SPACING_MS);
    result.floor.push(await timeFloor(worker, watch));
  }
  const steps = (await worker.evaluate('globalThis.benchSteps')) as { capture: number; script: number; fetch: number }[];
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] ?? 0;
  result.limitSteps = { capture: median(steps.map((step) => step.capture)), script: median(steps.map((step) => step.script)), fetch: median(steps.map((step) => step.fetch)) };
  return result;
}
