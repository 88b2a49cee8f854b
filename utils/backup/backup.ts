import type { EvidenceContext } from '../storage/evidence-context';
import type { FileRole, OutboxReport } from '../storage/report-types';
import type { Settings } from '../settings/settings';

// The backup file: the user's settings and report history as plain JSON, for
// moving to another browser or keeping a copy. It is built from the settings
// and the reports only, so the API key and the saved connection can never be
// in it. Evidence bytes stay in this browser: each report lists its files.

export const BACKUP_FORMAT = 'takedown-reporter-backup';
/** Bump, with a reading step in backup-read.ts, when the file's shape changes. */
export const BACKUP_VERSION = 1;

/** A file kept with a report, as the backup lists it: no bytes. */
interface BackupFileEntry {
  name: string;
  type: string;
  role: FileRole;
  size: number;
}

/** A report as written to the file: dates as ISO text, files listed, nothing tied to this browser (tab, network wait). */
type BackupReport = Omit<OutboxReport, 'files' | 'evidence' | 'tabId' | 'waitingForNetwork'> & {
  evidence?: Omit<EvidenceContext, 'capturedAt'> & { capturedAt: string };
  files: BackupFileEntry[];
};

/** The whole file. */
export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** ISO time. */
  exportedAt: string;
  extensionVersion: string;
  settings: Settings;
  reports: BackupReport[];
}

/**
 * What is wrong with a file being imported: a kind and facts, never a
 * sentence (components/settings/backup-problem-text.ts words them). `index`
 * is the report's position in the file's list, from 0.
 */
export type BackupProblem =
  /** The backup reader's code could not be loaded (the extension was updated since the page opened): nothing imported. */
  | { kind: 'code_not_loaded' }
  /** The browser could not read the picked file (moved, deleted, no access): nothing imported. */
  | { kind: 'file_unreadable' }
  /** Not JSON at all: nothing imported. */
  | { kind: 'not_json' }
  /** JSON, but not one of our backups: nothing imported. */
  | { kind: 'not_a_backup' }
  /** Written by a newer version of the extension: nothing imported. */
  | { kind: 'newer_version'; version: number }
  /** The file carries an API key (`apiKey`, `key`): never read, the connection stays as it is. */
  | { kind: 'key_present'; path: string }
  /** No readable settings: the current ones stay. */
  | { kind: 'settings_missing' }
  /** One setting is not valid: its current value stays. `field` is its path, `evidence.screenshot`. */
  | { kind: 'setting_invalid'; field: string }
  /** No readable report list: no report imported. */
  | { kind: 'reports_missing' }
  /** A report whose core is missing or not valid: that report is left out. */
  | { kind: 'report_invalid'; index: number; field: string; subject?: string }
  /** An optional part of a report is not valid: it is left out, the report is imported. */
  | { kind: 'report_field_invalid'; index: number; field: string; subject?: string }
  /** A second report with an id already seen in the file: left out. */
  | { kind: 'report_duplicate_id'; index: number; id: string; subject?: string }
  /** Reports whose subject is not a URL, domain, email address, phone number or IPv4 address: left out, each alone. */
  | { kind: 'report_subjects_invalid'; count: number }
  /** Dashboard links not under the connected service's host (`host`; null: none connected): left out, their reports imported. */
  | { kind: 'dashboard_links_dropped'; count: number; host: string | null };

export type BackupProblemKind = BackupProblem['kind'];

/** Problems after which nothing of the file is used. */
export const UNUSABLE_FILE: readonly BackupProblemKind[] = ['code_not_loaded', 'file_unreadable', 'not_json', 'not_a_backup', 'newer_version'];

/** A report as the file holds it. */
function toBackupReport(report: OutboxReport): BackupReport {
  const { files, evidence, tabId: _tab, waitingForNetwork: _waiting, ...rest } = report;
  return {
    ...rest,
    ...(evidence ? { evidence: { ...evidence, capturedAt: evidence.capturedAt.toISOString() } } : {}),
    files: files.map((file) => ({ name: file.name, type: file.type, role: file.role, size: file.blob.size })),
  };
}

/** The backup of these settings and reports; drafts are left out (they were never sent and live only while being written). */
export function createBackup(input: { settings: Settings; reports: readonly OutboxReport[]; exportedAt: Date; extensionVersion: string }): Backup {
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: input.exportedAt.toISOString(),
    extensionVersion: input.extensionVersion,
    settings: input.settings,
    reports: input.reports.filter((report) => report.state !== 'draft').map(toBackupReport),
  };
}

/** `takedown-reporter-backup-2026-11-22.json`, dated in the browser's own time zone. */
export function backupFileName(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${BACKUP_FORMAT}-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}.json`;
}
