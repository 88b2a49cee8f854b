import type { OutboxReport, ReportState } from './types';

// IndexedDB has no change events: whoever changes a report says so on a
// BroadcastChannel, which the service worker and every extension page share
// (same origin), so open pages follow each report live.

const CHANNEL = 'takedown-reporter.reports';

/** What is announced: which report, and its new state. */
export interface ReportChange {
  id: string;
  state: ReportState;
}

let channel: BroadcastChannel | undefined;

/** Tells every open extension context that this report changed. */
export function announceReportChange(report: Pick<OutboxReport, 'id' | 'state'>): void {
  if (typeof BroadcastChannel === 'undefined') return;
  channel ??= new BroadcastChannel(CHANNEL);
  channel.postMessage({ id: report.id, state: report.state } satisfies ReportChange);
}

/** Calls back on every report change made in another context; returns the unsubscribe. */
export function watchReportChanges(callback: (change: ReportChange) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const listener = new BroadcastChannel(CHANNEL);
  listener.onmessage = (event: MessageEvent<ReportChange>) => callback(event.data);
  return () => listener.close();
}
