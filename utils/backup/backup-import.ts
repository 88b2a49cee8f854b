import { announceReportChange } from '../report/changes';
import { connectionItem } from '../storage/connection';
import { listReports, putReport } from '../storage/reports-db';
import { serviceHost } from './backup-links';
import { planImport, type ImportPlan } from './backup-plan';
import type { ReadBackup } from './backup-read';
import { readManagedView } from '../settings/managed';
import { saveSettings, type Settings } from '../settings/settings';

/** What an import did. */
export interface ImportResult {
  /** The file's settings replaced the user's. */
  settings: boolean;
  /** Reports added to the history. */
  added: number;
  /** Reports of the file already in this browser, left as they are. */
  alreadyHere: number;
}

/**
 * Writes what was read from a backup: its settings, when it had any to use,
 * and each report this browser does not hold yet. A report already here is
 * left untouched: this browser's copy may be newer and has its evidence.
 */
export async function importBackup(read: Pick<ReadBackup, 'settings' | 'reports'>): Promise<ImportResult> {
  if (read.settings) await saveSettings(read.settings);
  const stored = new Set((await listReports()).map((report) => report.id));
  const added = read.reports.filter((report) => !stored.has(report.id));
  for (const report of added) await putReport(report);
  // Open pages read the whole list again on any change: one announcement for
  // the import, not one per report (each would re-read the list).
  const last = added.at(-1);
  if (last) announceReportChange(last);
  return { settings: read.settings !== null, added: added.length, alreadyHere: read.reports.length - added.length };
}

/**
 * What importing `read` over the user's own settings (`current`) would do in
 * this browser, against its policy, saved connection and reports. Reads
 * only: the options page shows it, and Apply hands it to `importBackup`.
 */
export async function prepareImport(read: Pick<ReadBackup, 'settings' | 'reports' | 'problems'>, current: Settings): Promise<ImportPlan> {
  const [policy, connection, stored] = await Promise.all([readManagedView(), connectionItem.getValue(), listReports()]);
  return planImport(read, { current, policy, host: serviceHost(connection?.baseUrl), storedIds: new Set(stored.map((report) => report.id)) });
}
