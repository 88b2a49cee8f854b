import { createBroadcast } from './broadcast';
import type { OutboxReport, ReportState } from '../storage/report-types';

// IndexedDB has no change events: the report store (report-store.ts) says
// each change on a broadcast, so open pages follow each report live.

/** What is announced: which report, and its new state. */
export interface ReportChange {
  id: string;
  state: ReportState;
}

const changes = createBroadcast<ReportChange>('takedown-reporter.reports');

/** Tells every open extension context that this report changed. */
export function announceReportChange(report: Pick<OutboxReport, 'id' | 'state'>): void {
  changes.announce({ id: report.id, state: report.state });
}

/** Calls back on every report change made in another context; returns the unsubscribe. */
export function watchReportChanges(callback: (change: ReportChange) => void): () => void {
  return changes.watch(callback);
}
