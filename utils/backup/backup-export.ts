import { browser } from 'wxt/browser';
import { listReports } from '../report/report-store';
import { backupFileName, createBackup } from './backup';
import { normaliseSettings, settingsItem, type Settings } from '../settings/settings';

/**
 * The user's own settings, without the organisation's policy over them: what
 * a backup holds and an import replaces. (A policy applies again wherever the
 * extension is deployed with it.)
 */
export async function readOwnSettings(): Promise<Settings> {
  return normaliseSettings(await settingsItem.getValue());
}

/** The backup file of this browser's settings and report history; never the key or the connection. */
export async function exportBackup(now: Date = new Date()): Promise<{ fileName: string; text: string; reportCount: number }> {
  const [settings, reports] = await Promise.all([readOwnSettings(), listReports()]);
  const backup = createBackup({ settings, reports, exportedAt: now, extensionVersion: browser.runtime.getManifest().version });
  return { fileName: backupFileName(now), text: `${JSON.stringify(backup, null, 2)}\n`, reportCount: backup.reports.length };
}
