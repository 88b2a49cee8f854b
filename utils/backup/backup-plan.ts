import type { OutboxReport } from '../storage/report-types';
import type { BackupProblem } from './backup';
import { diffSettings, type SettingChange } from './backup-diff';
import { keepServiceLinks } from './backup-links';
import type { ReadBackup } from './backup-read';
import { rebuildImportedReports } from './backup-subjects';
import { applyPolicy, type ManagedView } from '../settings/managed';
import type { Settings } from '../settings/settings';

/** What Apply would do with a read file, shown before anything is written. */
export interface ImportPlan {
  /** Settings that change, each with its value now and the file's. */
  changes: SettingChange[];
  /** Settings the file sets differently that the organisation's policy keeps. */
  kept: SettingChange[];
  /** What Apply writes as the settings; null: they stay as they are. */
  settings: Settings | null;
  /** The file's reports with a subject that is an indicator, rebuilt from it (backup-subjects.ts), dashboard links not under the service left out. */
  reports: OutboxReport[];
  /** Of those, how many this browser does not hold yet. */
  newReports: number;
  /** Everything wrong with the file, with the reports left out for their subject, then the dropped links, last. */
  problems: BackupProblem[];
}

/** What the plan is made against: the user's own settings, the policy, the connected host, the reports here. */
export interface PlanContext {
  current: Settings;
  policy: Pick<ManagedView, 'settings' | 'evidence'>;
  /** The saved connection's host; null when none is saved (then no link is kept). */
  host: string | null;
  storedIds: ReadonlySet<string>;
}

/** The plan of importing `read` here: nothing is written by it. */
export function planImport(read: Pick<ReadBackup, 'settings' | 'reports' | 'problems'>, context: PlanContext): ImportPlan {
  const diff = diffSettings(context.current, read.settings, context.policy);
  // Reports are rebuilt with the settings in force after Apply: a reporter the file changes is in the preview's table.
  const subjects = rebuildImportedReports(read.reports, applyPolicy(diff.settings ?? context.current, context.policy));
  const links = keepServiceLinks(subjects.reports, context.host);
  const invalid: BackupProblem[] = subjects.invalid > 0 ? [{ kind: 'report_subjects_invalid', count: subjects.invalid }] : [];
  const dropped: BackupProblem[] = links.dropped > 0 ? [{ kind: 'dashboard_links_dropped', count: links.dropped, host: context.host }] : [];
  return {
    changes: diff.changes,
    kept: diff.kept,
    settings: diff.settings,
    reports: links.reports,
    newReports: links.reports.filter((report) => !context.storedIds.has(report.id)).length,
    problems: [...read.problems, ...invalid, ...dropped],
  };
}

/** True when Apply would write nothing and there is nothing to tell: no change, no new report, no problem; no preview is needed. */
export function changesNothing(plan: ImportPlan): boolean {
  return plan.changes.length === 0 && plan.kept.length === 0 && plan.newReports === 0 && plan.problems.length === 0;
}
