import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { ReportAction } from '@/utils/storage/report-types';

/** Takedown or monitor: what the service is asked to do with the subject. */
export function ActionChoice({ value: chosen, onChange }: { value: ReportAction; onChange(action: ReportAction): void }): JSX.Element {
  return (
    <fieldset class="choice">
      <legend>{i18n.t('report.form.action')}</legend>
      {(['tkd', 'monitor'] as const).map((value) => (
        <label key={value}>
          <input type="radio" name="report-action" value={value} checked={chosen === value} onChange={() => onChange(value)} /> {i18n.t(`report.action.${value}`)}
        </label>
      ))}
    </fieldset>
  );
}
