import { announceReportChange } from '../report/changes';
import { listReports, putReport } from '../storage/reports-db';
import type { ReadBackup } from './backup-read';
import { saveSettings } from './settings';

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
