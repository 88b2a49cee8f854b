import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { BenchBrowser } from './browser.ts';

// 5. My reports at 10,000 rows: the options page opened in a new tab over the
// outbox the run left (10,000 followed reports from the refresh figures and
// the reports made by the latency figures). Times are read in the page's own
// clock. First render: navigation start to the `my-reports-rows` mark, set
// when the first rows are in the document, in the frame that paints them (as
// the popup's `popup-ready`; rows below the fold have no paint timing). Keystroke:
// typing "7777" into the search one key at a time (each narrows the list),
// from each key's input event to the first frame after the row count changed:
// what the user sees of that keystroke.
// The floor, in turn with it: a page of ours with no framework and no bundle
// (written into the bench build at run time, like the reference extension)
// that opens the same IndexedDB, reads the first 50 reports along the same
// index in one request, writes them as table rows and marks the same mark.

const SEARCH = '7777';
/** Enough time between keys for each one to show alone (the product filters once typing pauses). */
const KEY_GAP_MS = 300;

export interface MyReportsFigures {
  rows: number;
  firstRender: number[];
  /** The floor page's first rows (see above), per run. */
  floor: number[];
  allListed: number[];
  /** Every keystroke of every run. */
  keystrokes: number[];
  /** Per run, its slowest keystroke. */
  slowestKeystroke: number[];
}

/** The floor page: its name in the bench build, and its files. */
const FLOOR_PAGE = 'reports-floor.html';
const FLOOR_FILES: Record<string, string> = {
  [FLOOR_PAGE]: '<!doctype html><html><head><meta charset="utf-8"><title>Reports floor</title></head><body><table><tbody></tbody></table><script src="reports-floor.js"></script></body></html>',
  // The database, store and index of utils/storage/reports-db.ts (renamed there, this page never marks and the bench stops).
  'reports-floor.js': `const open = indexedDB.open('takedown-reporter');
open.onsuccess = () => {
  const index = open.result.transaction('reports').objectStore('reports').index('updatedAt');
  const request = index.getAllRecords({ direction: 'prev', count: 50 });
  request.onsuccess = () => {
    const body = document.querySelector('tbody');
    for (const { value } of request.result) {
      const row = document.createElement('tr');
      for (const text of [value.subject && value.subject.value, value.state, value.updatedAt]) row.insertCell().textContent = text || '';
      body.append(row);
    }
    if (request.result.length) performance.mark('my-reports-rows');
  };
};
`,
};

/** Writes the floor page into the bench build (an unpacked folder the bench alone loads). */
export function writeReportsFloor(buildDir: string): void {
  for (const [name, text] of Object.entries(FLOOR_FILES)) writeFileSync(path.join(buildDir, name), text);
}

/** Opens the floor page in a new tab: ms from its navigation start to its rows in the document. */
async function openFloor(bench: BenchBrowser): Promise<number> {
  const page = await bench.context.newPage();
  await page.goto(`chrome-extension://${bench.ours.id}/${FLOOR_PAGE}`);
  const first = await page.waitForFunction(() => performance.getEntriesByName('my-reports-rows')[0]?.startTime, undefined, { polling: 'raf', timeout: 30_000 });
  const ms = Number(await first.jsonValue());
  await page.close();
  return ms;
}

async function openList(bench: BenchBrowser): Promise<{ page: Page; firstRender: number; allListed: number; rows: number }> {
  const page = await bench.context.newPage();
  const navigation = page.goto(`chrome-extension://${bench.ours.id}/options.html#reports`);
  // The table marks `my-reports-rows` once rows are in the document, in the frame that paints them.
  const first = await page.waitForFunction(() => performance.getEntriesByName('my-reports-rows')[0]?.startTime, undefined, { polling: 'raf', timeout: 30_000 });
  const listed = await page.waitForFunction(
    () => {
      const match = /^([\d,]+) of ([\d,]+)$/.exec(document.querySelector('.report-count')?.textContent ?? '');
      return match && match[1] === match[2] && [performance.now(), Number(match[2]!.replace(/,/g, ''))];
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  await navigation;
  const [allListed, rows] = (await listed.jsonValue()) as [number, number];
  return { page, firstRender: Number(await first.jsonValue()), allListed, rows };
}

/** Types SEARCH key by key; answers each key's input-to-frame time. */
async function typeSearch(page: Page): Promise<number[]> {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3_000 })));
  await page.evaluate(() => {
    const times = { input: 0, shown: 0 };
    Object.assign(globalThis, { benchKeys: times });
    document.getElementById('reports-search')!.addEventListener('input', (event) => {
      times.input = event.timeStamp;
      times.shown = 0;
    });
    new MutationObserver(() => requestAnimationFrame(() => (times.shown ||= performance.now()))).observe(document.querySelector('.report-count')!, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.locator('#reports-search').focus();
  const latencies: number[] = [];
  for (const key of SEARCH) {
    await page.keyboard.type(key);
    const shown = await page.waitForFunction(
      () => {
        const times = (globalThis as unknown as { benchKeys: { input: number; shown: number } }).benchKeys;
        return times.shown > times.input && times.input > 0 && times.shown - times.input;
      },
      undefined,
      { polling: 'raf', timeout: 5_000 },
    );
    latencies.push(Number(await shown.jsonValue()));
    await page.waitForTimeout(KEY_GAP_MS);
  }
  return latencies;
}

/** Opens My reports `runs` times (after one warm-up), each time timing the first render and a typed search. */
export async function measureMyReports(bench: BenchBrowser, runs: number): Promise<MyReportsFigures> {
  const result: MyReportsFigures = { rows: 0, firstRender: [], floor: [], allListed: [], keystrokes: [], slowestKeystroke: [] };
  for (let run = -1; run < runs; run++) {
    const { page, firstRender, allListed, rows } = await openList(bench);
    const keys = await typeSearch(page);
    await page.close();
    const floor = await openFloor(bench);
    if (run < 0) continue;
    result.floor.push(floor);
    result.rows = rows;
    result.firstRender.push(firstRender);
    result.allListed.push(allListed);
    result.keystrokes.push(...keys);
    result.slowestKeystroke.push(Math.max(...keys));
  }
  return result;
}
