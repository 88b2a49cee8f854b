import { connectionItem } from '../storage/connection';
import { listReports } from '../report/report-store';
import { addBackupReports } from '../report/outbox-pages';
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
  const added = await addBackupReports(read.reports);
  return { settings: read.settings !== null, added, alreadyHere: read.reports.length - added };
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
