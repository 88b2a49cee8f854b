import type { ReportState } from '@/utils/storage/report-types';
import { countReports, listReports, listWatchedIncidents, readRecentPage, type RecentPage } from '@/utils/report/report-store';
import { earlyRead } from '../ui/early-read';
import { rowsInFirstView } from './table-size';

// My reports' reads, started by the options page before the rest of its code
// runs (entrypoints/options/first-reads.ts): this module imports only the
// report store (IndexedDB), so that the database reads the first page while
// the page's other modules are evaluated (the first of them to touch
// browser.storage sets the extension API up, the longest step of the
// page's start in a CPU profile).

/** Reports listed: all but unsent drafts. */
export const SHOWN: readonly ReportState[] = ['queued', 'sending', 'sent', 'duplicate', 'failed', 'unknown'];

/** Where the options page's first script leaves its read of the first page for the app (a symbol both bundles know). */
const AHEAD = Symbol.for('takedown-reporter.first-page');
type Ahead = { [AHEAD]?: Promise<RecentPage> };

const readFirstPage = () => readRecentPage(SHOWN, rowsInFirstView(globalThis.innerHeight ?? 0));

/**
 * In options.html's first script (entrypoints/options-first-read.ts), while
 * the page is parsed: the first page's read starts before the app's code is
 * fetched, parsed and evaluated, which took as long as the read (issue 43:
 * My reports' first rows). The app takes this very read (startReportReadsEarly);
 * the first script shows the kept first render once it answers (kept-reports.ts).
 */
export function readFirstPageAhead(): Promise<RecentPage> {
  const read = readFirstPage();
  // Its failure is the app's to say (use-reports.ts), not an unhandled rejection while the app loads.
  read.catch(() => undefined);
  (globalThis as Ahead)[AHEAD] = read;
  return read;
}

/** The read the first script started, once; undefined without one (a test, a page without the script). */
function takeAhead(): Promise<RecentPage> | undefined {
  const ahead = (globalThis as Ahead)[AHEAD];
  delete (globalThis as Ahead)[AHEAD];
  return ahead;
}

/** The first page: as many reports as the table's first view renders, and their incidents. */
export const previewRead = earlyRead(readFirstPage);
/** How many reports there are, for the line shown while all load. */
export const countRead = earlyRead(countReports);
export const reportsRead = earlyRead(() => listReports(SHOWN));
export const watchedRead = earlyRead(listWatchedIncidents);

/**
 * Starts My reports' reads before the page's first render: the first page by
 * index, then the count and everything (issue 10: My reports' first render
 * at 10,000 rows). The database does one thing at a time: the count (it
 * visits every key, about 15 ms at 10,000 reports) started beside the first
 * page held its incidents that long (issue 24, measured).
 */
export function startReportReadsEarly(): Promise<unknown> {
  const ahead = takeAhead();
  const first = previewRead.start(ahead && (() => ahead));
  void first.finally(() => {
    countRead.start();
    reportsRead.start();
    watchedRead.start();
  });
  return first;
}
