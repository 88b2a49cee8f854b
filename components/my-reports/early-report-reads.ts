import type { ReportState } from '@/utils/storage/report-types';
import { countReports, listReports, listWatchedIncidents, readRecentPage } from '@/utils/report/report-store';
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

/** The first page: as many reports as the table's first view renders, and their incidents. */
export const previewRead = earlyRead(() => readRecentPage(SHOWN, rowsInFirstView(globalThis.innerHeight ?? 0)));
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
  const first = previewRead.start();
  void first.finally(() => {
    countRead.start();
    reportsRead.start();
    watchedRead.start();
  });
  return first;
}
