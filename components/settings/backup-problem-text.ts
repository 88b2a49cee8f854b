import { i18n } from '#i18n';
import type { BackupProblem } from '@/utils/backup/backup';
import { describeProblem } from '@/utils/problems/sentences';

// Sentences for what an import found wrong in a file (utils/backup/backup-read.ts).

/** The words for a setting by its path in the file (`evidence.screenshot`); the path itself for one we do not know. */
export function settingName(field: string): string {
  switch (field) {
    case 'reporterEmail':
    case 'defaultAction':
    case 'defaultClientId':
    case 'evidence':
    case 'selectionPageEvidence':
    case 'recordNavigation':
    case 'wholePageScreenshot':
    case 'phoneCountry':
    case 'confirmBeforeSend':
    case 'keepSentEvidenceDays':
    case 'refreshMinutes':
    case 'notifyStatuses':
    case 'includeAccountIncidents':
    case 'ownDomains':
      return i18n.t(`backup.setting.${field}`);
    case 'evidence.screenshot':
      return i18n.t('backup.setting.screenshot');
    case 'evidence.pageSource':
      return i18n.t('backup.setting.pageSource');
    case 'evidence.pageDetails':
      return i18n.t('backup.setting.pageDetails');
    default:
      return field;
  }
}

/** "Report 3 (https://phish.example/)": counted from 1, as a person reads the file. */
function reportName(index: number, subject: string | undefined): string {
  const position = String(index + 1);
  return subject ? i18n.t('backup.report_named', [position, subject]) : i18n.t('backup.report_unnamed', [position]);
}

/** The sentence for one problem of a backup file. */
export function describeBackupProblem(problem: BackupProblem): string {
  switch (problem.kind) {
    case 'code_not_loaded':
      return describeProblem(problem);
    case 'file_unreadable':
      return i18n.t('backup.file_problem.file_unreadable');
    case 'not_json':
      return i18n.t('backup.problem.not_json');
    case 'not_a_backup':
      return i18n.t('backup.problem.not_a_backup');
    case 'newer_version':
      return i18n.t('backup.problem.newer_version', [String(problem.version)]);
    case 'key_present':
      return i18n.t('backup.problem.key_present', [problem.path]);
    case 'settings_missing':
      return i18n.t('backup.problem.settings_missing');
    case 'setting_invalid':
      return i18n.t('backup.problem.setting_invalid', [settingName(problem.field), problem.field]);
    case 'reports_missing':
      return i18n.t('backup.problem.reports_missing');
    case 'report_invalid':
      return i18n.t('backup.problem.report_invalid', [reportName(problem.index, problem.subject), problem.field]);
    case 'report_field_invalid':
      return i18n.t('backup.problem.report_field_invalid', [reportName(problem.index, problem.subject), problem.field]);
    case 'report_duplicate_id':
      return i18n.t('backup.problem.report_duplicate_id', [reportName(problem.index, problem.subject), problem.id]);
    case 'report_subjects_invalid':
      return i18n.t('backup.problem.subjects_invalid', problem.count, [String(problem.count)]);
    case 'dashboard_links_dropped':
      return problem.host
        ? i18n.t('backup.problem.links_not_under_host', problem.count, [String(problem.count), problem.host])
        : i18n.t('backup.problem.links_not_connected', problem.count, [String(problem.count)]);
  }
}
