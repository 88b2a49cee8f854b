import { checkEmail } from '../drafts/draft-edit';
import type { OutboxReport } from '../storage/report-types';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupProblem } from './backup';
import { isPlainObject, rawSubject, readBackupReport } from './backup-report-read';
import { DEFAULT_SETTINGS, normaliseSettings, type EvidenceDefaults, type Settings } from '../settings/settings';

// Reads a backup file someone picked (untrusted: it may be old, edited by
// hand or not ours). Loaded only when a file is picked, with zod
// (backup-report-read.ts), so the options page does not grow by it.

/** What a file gives, and every problem found in it. */
export interface ReadBackup {
  /** The file's settings over the current ones; null when the file has none to use. */
  settings: Settings | null;
  /** Reports to add, without evidence files. */
  reports: OutboxReport[];
  problems: BackupProblem[];
  /** When the file was written (ISO), when it says so. */
  exportedAt?: string;
}

/** Options of `readBackup`. */
export interface ReadBackupOptions {
  /** A setting the file lacks or has wrong keeps this value. */
  currentSettings?: Settings;
  /** Stamped as `filesPrunedAt` on reports whose evidence stayed in the other browser. */
  now?: Date;
}

/** Names that hold an API key wherever they appear: `apiKey`, `api_key`, `x-api-key`, `key`. */
const KEY_NAME = /^((x[-_]?)?api[-_]?key|key)$/i;

/** Where the file names a key, as `settings.apiKey` or `reports[2].key`; never read further. */
function findKeys(root: unknown): string[] {
  const found: string[] = [];
  // Iterative, so a deeply nested file cannot exhaust the stack.
  const pending: [unknown, string][] = [[root, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (Array.isArray(value)) value.forEach((item, index) => pending.push([item, `${path}[${index}]`]));
    else if (isPlainObject(value)) {
      for (const [name, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${name}` : name;
        if (KEY_NAME.test(name)) found.push(childPath);
        else pending.push([child, childPath]);
      }
    }
  }
  return found.sort();
}

/** A value the settings can hold as given (strings compared trimmed, lists without repeats). */
function isValidSetting(key: keyof Settings, value: unknown): boolean {
  if (key === 'reporterEmail' && (typeof value !== 'string' || !checkEmail(value))) return false;
  const repaired = normaliseSettings({ [key]: value })[key];
  const given = typeof value === 'string' ? value.trim() : Array.isArray(value) ? [...new Set(value)] : value;
  return JSON.stringify(repaired) === JSON.stringify(given);
}

const EVIDENCE_KEYS = Object.keys(DEFAULT_SETTINGS.evidence) as (keyof EvidenceDefaults)[];
const SETTING_KEYS = (Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]).filter((key) => key !== 'evidence');

/** The file's settings field by field; one it lacks (an older file) or has wrong keeps the current value. */
function readSettingsBlock(raw: unknown, current: Settings): { settings: Settings | null; problems: BackupProblem[] } {
  if (!isPlainObject(raw)) return { settings: null, problems: [{ kind: 'settings_missing' }] };
  const problems: BackupProblem[] = [];
  const settings: Settings = { ...current, evidence: { ...current.evidence } };
  for (const key of SETTING_KEYS) {
    if (raw[key] === undefined) continue;
    if (isValidSetting(key, raw[key])) Object.assign(settings, { [key]: normaliseSettings({ [key]: raw[key] })[key] });
    else problems.push({ kind: 'setting_invalid', field: key });
  }
  if (raw.evidence !== undefined && !isPlainObject(raw.evidence)) problems.push({ kind: 'setting_invalid', field: 'evidence' });
  else if (isPlainObject(raw.evidence)) {
    for (const key of EVIDENCE_KEYS) {
      const value = raw.evidence[key];
      if (typeof value === 'boolean') settings.evidence[key] = value;
      else if (value !== undefined) problems.push({ kind: 'setting_invalid', field: `evidence.${key}` });
    }
  }
  return { settings, problems };
}

/** The file's reports, each on its own; a second report with the same id is left out. */
function readReports(raw: unknown, now: Date): { reports: OutboxReport[]; problems: BackupProblem[] } {
  if (!Array.isArray(raw)) return { reports: [], problems: [{ kind: 'reports_missing' }] };
  const reports: OutboxReport[] = [];
  const problems: BackupProblem[] = [];
  const seen = new Set<string>();
  raw.forEach((entry, index) => {
    const subject = rawSubject(entry);
    const named = subject ? { subject } : {};
    const read = readBackupReport(entry, now);
    if (!read.ok) return problems.push({ kind: 'report_invalid', index, field: read.field, ...named });
    if (seen.has(read.report.id)) return problems.push({ kind: 'report_duplicate_id', index, id: read.report.id, ...named });
    seen.add(read.report.id);
    reports.push(read.report);
    for (const field of read.dropped) problems.push({ kind: 'report_field_invalid', index, field, ...named });
  });
  return { reports, problems };
}

const NOTHING = { settings: null, reports: [] };

/**
 * Reads a backup file's text. A file that is not a backup of ours (or is of a
 * newer version) gives nothing but its problem; otherwise each setting and
 * each report is read on its own, and every one left out is named.
 */
export function readBackup(text: string, options: ReadBackupOptions = {}): ReadBackup {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ...NOTHING, problems: [{ kind: 'not_json' }] };
  }
  if (!isPlainObject(raw) || raw.format !== BACKUP_FORMAT || !Number.isInteger(raw.version) || (raw.version as number) < 1) {
    return { ...NOTHING, problems: [{ kind: 'not_a_backup' }] };
  }
  if ((raw.version as number) > BACKUP_VERSION) return { ...NOTHING, problems: [{ kind: 'newer_version', version: raw.version as number }] };
  const keys = findKeys(raw).map((path): BackupProblem => ({ kind: 'key_present', path }));
  const settings = readSettingsBlock(raw.settings, options.currentSettings ?? DEFAULT_SETTINGS);
  const reports = readReports(raw.reports, options.now ?? new Date());
  const exportedAt = typeof raw.exportedAt === 'string' && !Number.isNaN(Date.parse(raw.exportedAt)) ? { exportedAt: raw.exportedAt } : {};
  return { settings: settings.settings, reports: reports.reports, problems: [...keys, ...settings.problems, ...reports.problems], ...exportedAt };
}
