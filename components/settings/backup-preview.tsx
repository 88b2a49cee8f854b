import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { i18n } from '#i18n';
import type { SettingChange } from '@/utils/backup/backup-diff';
import type { ImportPlan } from '@/utils/backup/backup-plan';
import { describeBackupProblem, settingName } from './backup-problem-text';
import { settingValueText } from './backup-value-text';

const HEADING_ID = 'backup-preview-heading';

/** Each setting that changes, with its value now and the file's. */
function ChangesTable({ changes }: { changes: SettingChange[] }): JSX.Element {
  return (
    <table class="backup-changes">
      <caption>{i18n.t('backup.preview.changes_caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{i18n.t('backup.preview.setting')}</th>
          <th scope="col">{i18n.t('backup.preview.now')}</th>
          <th scope="col">{i18n.t('backup.preview.after')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field} data-field={change.field}>
            <th scope="row">{settingName(change.field)}</th>
            <td class="backup-old">{settingValueText(change.field, change.from)}</td>
            <td class="backup-new">{settingValueText(change.field, change.to)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The reports the file brings: how many, and how many are new here. */
function reportsLine(plan: ImportPlan): string {
  const total = plan.reports.length;
  return i18n.t('backup.preview.reports', total, [String(total), String(plan.newReports), String(total - plan.newReports)]);
}

/**
 * What an import would do, before anything is written: the settings that
 * change (old and new), the ones the policy keeps, the reports it brings and
 * the file's problems. Takes the focus when it appears, so it is read out.
 */
export function BackupPreview({ plan, onApply, onCancel }: { plan: ImportPlan; onApply(): void; onCancel(): void }): JSX.Element {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="backup-preview" aria-labelledby={HEADING_ID}>
      <h4 id={HEADING_ID} ref={heading} tabIndex={-1}>
        {i18n.t('backup.preview.heading')}
      </h4>
      {plan.changes.length > 0 ? <ChangesTable changes={plan.changes} /> : <p>{i18n.t('backup.preview.no_changes')}</p>}
      {plan.kept.length > 0 && (
        <ul class="backup-kept" aria-label={i18n.t('backup.preview.kept_label')}>
          {plan.kept.map((change) => (
            <li key={change.field}>{i18n.t('backup.preview.kept', [settingName(change.field)])}</li>
          ))}
        </ul>
      )}
      <p>{reportsLine(plan)}</p>
      {plan.problems.length > 0 && (
        <ul class="backup-problems" aria-label={i18n.t('backup.problems_label')}>
          {plan.problems.map((problem, index) => (
            <li key={index}>{describeBackupProblem(problem)}</li>
          ))}
        </ul>
      )}
      <div class="actions">
        <button type="button" class="primary" onClick={onApply}>
          {i18n.t('backup.preview.apply')}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          {i18n.t('backup.preview.cancel')}
        </button>
      </div>
    </section>
  );
}
