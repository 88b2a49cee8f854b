import { createBroadcast } from './broadcast';
import type { ReportState } from '../storage/report-types';
import type { RecentPage, WatchedIncident } from '../storage/reports-db';

// The report store's reads (IndexedDB: the reports and the incidents the
// refresh follows), for any context: pages, the worker, the outbox. Its writes
// live in report-writes.ts, which only the outbox imports
// (.dependency-cruiser.cjs: one-report-door); a page writes its drafts through
// utils/drafts/page-drafts.ts, and asks the background for everything else.

export type { RecentPage, WatchedIncident };

/** What is announced of each change: which report, and its state (the last one, for a delete). */
export interface ReportChange {
  id: string;
  state: ReportState;
}

/** The channel every change is announced on (report-writes.ts) and heard from (below). */
export const REPORT_CHANGES = 'takedown-reporter.reports';

const changes = createBroadcast<ReportChange>(REPORT_CHANGES);

/** Calls back on every report change (made in any context, through any other watcher); returns the unsubscribe. */
export function watchReportChanges(callback: (change: ReportChange) => void): () => void {
  return changes.watch(callback);
}

// Reads pass through as they are (named re-exports, so a bundle keeps only those it uses).
export { getReport, listReports, readRecentPage, countReports, findReportForIncident, listWatchedIncidents, newerDbVersionOf } from '../storage/reports-db';
// Pages tell actions from reports through the report layer (they never read storage modules).
export { isActionRecord } from '../storage/action-records';
