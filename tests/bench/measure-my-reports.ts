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
// index in one request, writes them as table rows and marks the same mark;
// then reads every report and answers the same typed search the same way
// (the count changed, the first 50 matching rows written): the keystroke's floor.

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
  /** The floor page's keystrokes, every one, and per run its slowest. */
  floorKeystrokes: number[];
  floorSlowestKeystroke: number[];
}

/** The floor page: its name in the bench build, and its files. */
const FLOOR_PAGE = 'reports-floor.html';
const FLOOR_FILES: Record<string, string> = {
  [FLOOR_PAGE]:
    '<!doctype html><html><head><meta charset="utf-8"><title>Reports floor</title></head><body><input id="reports-search" type="search" aria-label="Search"><p class="report-count"></p><table><tbody></tbody></table><script src="reports-floor.js"></script></body></html>',
  // The database, store and index of utils/storage/reports-db.ts (renamed there, this page never marks and the bench stops).
  // First rows: the first 50 along the index in one request, as table rows. Then every report, each with the text
  // My reports searches (subject, incident id, client id, lower case), and a search that filters them on each key:
  // the count ("12 of 10,100") and the first 50 matching rows, as the product's table shows them.
  'reports-floor.js': `const body = document.querySelector('tbody');
const count = document.querySelector('.report-count');
const show = (values) => {
  const rows = values.slice(0, 50).map((value) => {
    const row = document.createElement('tr');
    for (const text of [value.subject && value.subject.value, value.state, value.updatedAt]) row.insertCell().textContent = text || '';
    return row;
  });
  body.replaceChildren(...rows);
};
const open = indexedDB.open('takedown-reporter');
open.onsuccess = () => {
  const index = open.result.transaction('reports').objectStore('reports').index('updatedAt');
  const request = index.getAllRecords({ direction: 'prev', count: 50 });
  request.onsuccess = () => {
    show(request.result.map(({ value }) => value));
    if (request.result.length) performance.mark('my-reports-rows');
    const all = open.result.transaction('reports').objectStore('reports').index('updatedAt').getAllRecords({ direction: 'prev' });
    all.onsuccess = () => {
      const reports = all.result.map(({ value }) => ({ value, haystack: [value.subject && value.subject.value, value.incident && value.incident.id, value.incident && value.incident.clientId].filter(Boolean).join('\\n').toLowerCase() }));
      const filter = () => {
        const text = document.getElementById('reports-search').value.toLowerCase();
        const matching = text ? reports.filter(({ haystack }) => haystack.includes(text)) : reports;
        count.textContent = matching.length.toLocaleString('en-US') + ' of ' + reports.length.toLocaleString('en-US');
        show(matching.map(({ value }) => value));
      };
      document.getElementById('reports-search').addEventListener('input', filter);
      filter();
      performance.mark('my-reports-all-listed');
    };
  };
};
`,
};

/** Writes the floor page into the bench build (an unpacked folder the bench alone loads). */
export function writeReportsFloor(buildDir: string): void {
  for (const [name, text] of Object.entries(FLOOR_FILES)) writeFileSync(path.join(buildDir, name), text);
}

/** What opening a page of an extension needs: the browser and the extension's id. */
type Opener = Pick<BenchBrowser, 'context' | 'ours'>;

/** Opens the floor page in a new tab: ms from its navigation start to its rows in the document, then the same search typed. */
export async function openFloor(bench: Opener): Promise<{ firstRender: number; keys: number[] }> {
  const page = await bench.context.newPage();
  await page.goto(`chrome-extension://${bench.ours.id}/${FLOOR_PAGE}`);
  const first = await page.waitForFunction(() => performance.getEntriesByName('my-reports-rows')[0]?.startTime, undefined, { polling: 'raf', timeout: 30_000 });
  const firstRender = Number(await first.jsonValue());
  await page.waitForFunction(() => performance.getEntriesByName('my-reports-all-listed').length > 0, undefined, { polling: 'raf', timeout: 30_000 });
  const keys = await typeSearch(page);
  await page.close();
  return { firstRender, keys };
}

/** Opens My reports in a new tab: ms to its first rows and to all rows listed, and how many. */
export async function openList(bench: Opener): Promise<{ page: Page; firstRender: number; allListed: number; rows: number }> {
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
export async function typeSearch(page: Page): Promise<number[]> {
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
  const result: MyReportsFigures = { rows: 0, firstRender: [], floor: [], allListed: [], keystrokes: [], slowestKeystroke: [], floorKeystrokes: [], floorSlowestKeystroke: [] };
  for (let run = -1; run < runs; run++) {
    const { page, firstRender, allListed, rows } = await openList(bench);
    const keys = await typeSearch(page);
    await page.close();
    const floor = await openFloor(bench);
    if (run < 0) continue;
    result.floor.push(floor.firstRender);
    result.floorKeystrokes.push(...floor.keys);
    result.floorSlowestKeystroke.push(Math.max(...floor.keys));
    result.rows = rows;
    result.firstRender.push(firstRender);
    result.allListed.push(allListed);
    result.keystrokes.push(...keys);
    result.slowestKeystroke.push(Math.max(...keys));
  }
  return result;
}
