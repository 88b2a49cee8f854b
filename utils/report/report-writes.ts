import {
  changeReport as changeStored,
  clearWatchedIncidents,
  deleteReport as deleteStored,
  getReport,
  listReports,
  putReport as putStored,
  putWatchedIncidents,
  type WatchedIncident,
} from '../storage/reports-db';
import { createBroadcast } from './broadcast';
import type { AccountRef } from '../storage/account-ref';
import { refreshStateItem } from '../storage/refresh-state';
import { usageCacheItem } from '../storage/usage-cache';
import type { OutboxReport } from '../storage/report-types';
import { REPORT_CHANGES, type ReportChange } from './report-store';

// The report store's writes: the one writer of the database's write
// functions (.dependency-cruiser.cjs: one-report-writer), and each write
// announced, so open pages follow it. Only the outbox (outbox*.ts) imports
// this file (one-report-door): it checks each move, and everyone else asks it.

// IndexedDB has no change events: each write below says so on a broadcast,
// so open pages follow each report live.
const changes = createBroadcast<ReportChange>(REPORT_CHANGES);

/** Tells every open extension context that this report changed. */
export function announceReportChange(report: Pick<OutboxReport, 'id' | 'state'>): void {
  changes.announce({ id: report.id, state: report.state });
}

/** Writes a report as it is (new or replaced), and announces it. */
export async function putReport(report: OutboxReport): Promise<void> {
  await putStored(report);
  announceReportChange(report);
}

/**
 * Changes a report in one transaction: `change` gets the stored report and
 * returns the next one (or undefined to leave it). Answers the report as
 * stored after it (undefined when there is none); a change is announced.
 */
export async function changeReport(id: string, change: (current: OutboxReport) => OutboxReport | undefined): Promise<OutboxReport | undefined> {
  let changed: OutboxReport | undefined;
  const result = await changeStored(id, (current) => (changed = change(current)));
  if (changed) announceReportChange(changed);
  return result;
}

/** Deletes a report and its files; announced with the state it had, so pages that list it read again. */
export async function deleteReport(id: string): Promise<void> {
  const gone = await getReport(id);
  await deleteStored(id);
  if (gone) announceReportChange(gone);
}

/** Deletes the drafts that `due` picks, each announced. Answers how many went. */
export async function deleteDrafts(due: (draft: OutboxReport) => boolean): Promise<number> {
  const drafts = (await listReports(['draft'])).filter(due);
  for (const draft of drafts) await deleteReport(draft.id);
  return drafts.length;
}

/**
 * Adds the reports of a backup this browser does not hold yet; one held
 * already is left as it is (this copy may be newer, and has its evidence).
 * One announcement for the whole import: open pages read the whole list on any change.
 */
export async function addMissingReports(reports: readonly OutboxReport[]): Promise<number> {
  const stored = new Set((await listReports()).map((report) => report.id));
  const added = reports.filter((report) => !stored.has(report.id));
  for (const report of added) await putStored(report);
  const last = added.at(-1);
  if (last) announceReportChange(last);
  return added.length;
}

/**
 * Marks the reports sent before accounts were recorded as the previous
 * account's (they were made with its key). Answers the reports kept, drafts left out.
 */
export async function markUnmarkedReports(previous: AccountRef): Promise<OutboxReport[]> {
  const reports = (await listReports()).filter((report) => report.state !== 'draft');
  for (const report of reports.filter((candidate) => !candidate.account)) {
    await changeReport(report.id, (stored) => (stored.account ? undefined : { ...stored, account: previous }));
  }
  return reports;
}

/** Writes a refresh's result: the incidents as fetched, and each changed status onto the reports linked to it. */
export async function recordRefresh(incidents: readonly WatchedIncident[], statuses: ReadonlyMap<string, string>, reports: readonly Pick<OutboxReport, 'id' | 'incident'>[]): Promise<void> {
  await putWatchedIncidents(incidents);
  for (const report of reports) {
    const status = report.incident && statuses.get(report.incident.id);
    if (!status) continue;
    await changeReport(report.id, (current) => (current.incident ? { ...current, incident: { ...current.incident, status } } : undefined));
  }
}

/**
 * Removes what the extension cached of the account: the statuses of watched
 * incidents, the refresh state and the last credit balances. The user's own
 * reports (the local history, with its evidence) stay: they are records, not a cache.
 */
export async function clearAccountCache(): Promise<void> {
  await Promise.all([refreshStateItem.removeValue(), clearWatchedIncidents(), usageCacheItem.removeValue()]);
}
