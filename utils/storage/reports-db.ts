import { unwrap, type IDBPDatabase, type IDBPIndex } from 'idb';
import type { OutboxReport, ReportState } from './report-types';
import { openReportsDb, type ReportsDb, type WatchedIncident } from './reports-db-open';

// Reports and their evidence live in IndexedDB (Blobs stay Blobs; they arrive
// empty through runtime messaging). Pages write drafts here and hand the
// background only an id. The store is also the local report history.

export { newerDbVersionOf, type WatchedIncident } from './reports-db-open';

let opened: Promise<IDBPDatabase<ReportsDb>> | undefined;

/** The open database; another context opening a newer version closes it (an open options page lets it go). */
function db(): Promise<IDBPDatabase<ReportsDb>> {
  opened ??= openReportsDb(() => void closeReportsDb()).catch((error: unknown) => {
    // Not kept: the next read or write tries to open it again.
    opened = undefined;
    throw error;
  });
  return opened;
}

/** Closes the database and forgets the connection (tests use a fresh IndexedDB each). */
export async function closeReportsDb(): Promise<void> {
  const current = opened;
  opened = undefined;
  // One that failed to open has nothing to close.
  if (current) (await current.catch(() => undefined))?.close();
}

/** Writes a report as it is (new or replaced). */
export async function putReport(report: OutboxReport): Promise<void> {
  await (await db()).put('reports', report);
}

/** The report with this id, or undefined. */
export async function getReport(id: string): Promise<OutboxReport | undefined> {
  return (await db()).get('reports', id);
}

/**
 * Changes a report in one transaction: `change` gets the stored report and
 * returns the next one (or undefined to leave it). Answers the stored result;
 * undefined when there is no such report.
 */
export async function changeReport(id: string, change: (current: OutboxReport) => OutboxReport | undefined): Promise<OutboxReport | undefined> {
  const transaction = (await db()).transaction('reports', 'readwrite');
  const current = await transaction.store.get(id);
  const next = current && change(current);
  if (next) await transaction.store.put(next);
  await transaction.done;
  return next ?? current;
}

/** Deletes a report and its files. */
export async function deleteReport(id: string): Promise<void> {
  await (await db()).delete('reports', id);
}

/** Every report, most recently changed first; only those in the given states when asked. */
export async function listReports(states?: readonly ReportState[]): Promise<OutboxReport[]> {
  const all = (await (await db()).getAllFromIndex('reports', 'updatedAt')).reverse();
  return states ? all.filter((report) => states.includes(report.state)) : all;
}

/** The most recent report linked to an incident, if any. */
export async function findReportForIncident(incidentId: string): Promise<OutboxReport | undefined> {
  const linked = await (await db()).getAllFromIndex('reports', 'incidentId', incidentId);
  return linked.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1))[0];
}

/** My reports' first page: its reports and the watched incidents they link. */
export interface RecentPage {
  reports: OutboxReport[];
  watched: WatchedIncident[];
}

/**
 * My reports' first page, shown before all are read, in one transaction: the
 * `limit` most recently updated reports in `states`, newest first, read along
 * the index, and the incidents they link that the refresh has seen. The count
 * of all reports is not read here: counting visits every key, and the
 * database does one thing at a time (issue 24: it held these reads 15 ms at
 * 10,000 reports).
 */
export async function readRecentPage(states: readonly ReportState[], limit: number): Promise<RecentPage> {
  const transaction = (await db()).transaction(['reports', 'incidents']);
  const index = transaction.objectStore('reports').index('updatedAt');
  const reports = await recentAlong(index, states, limit);
  const incidents = transaction.objectStore('incidents');
  const ids = reports.flatMap((report) => (report.incident ? [report.incident.id] : []));
  const watched = await Promise.all(ids.map((id) => incidents.get(id)));
  return { reports, watched: watched.filter((incident): incident is WatchedIncident => incident !== undefined) };
}

/** The `limit` most recent reports in `states` along the `updatedAt` index. */
async function recentAlong(index: IDBPIndex<ReportsDb, ('reports' | 'incidents')[], 'reports', 'updatedAt'>, states: readonly ReportState[], limit: number): Promise<OutboxReport[]> {
  const raw = unwrap(index) as IDBIndex & { getAllRecords?(options: { direction: IDBCursorDirection; count: number }): IDBRequest<{ value: OutboxReport }[]> };
  if (raw.getAllRecords) {
    // One request (Chromium 141+): a cursor's step per row waits for a busy page's event loop each time.
    // Twice the page, as drafts are skipped; a page of only drafts reads on below.
    const request = raw.getAllRecords({ direction: 'prev', count: limit * 2 });
    const records = await new Promise<{ value: OutboxReport }[]>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const found = records.map((record) => record.value).filter((report) => states.includes(report.state));
    if (found.length >= limit || records.length < limit * 2) return found.slice(0, limit);
  }
  const found: OutboxReport[] = [];
  let cursor = await index.openCursor(null, 'prev');
  while (cursor && found.length < limit) {
    if (states.includes(cursor.value.state)) found.push(cursor.value);
    cursor = await cursor.continue();
  }
  return found;
}

/** How many reports are kept (drafts included). */
export async function countReports(): Promise<number> {
  return (await db()).count('reports');
}

/** Every incident the status refresh has seen. */
export async function listWatchedIncidents(): Promise<WatchedIncident[]> {
  return (await db()).getAll('incidents');
}

/** Writes the refreshed incidents in one transaction. */
export async function putWatchedIncidents(incidents: readonly WatchedIncident[]): Promise<void> {
  const transaction = (await db()).transaction('incidents', 'readwrite');
  await Promise.all([...incidents.map((incident) => transaction.store.put(incident)), transaction.done]);
}

/** Forgets every watched incident (the connection was forgotten). */
export async function clearWatchedIncidents(): Promise<void> {
  await (await db()).clear('incidents');
}
