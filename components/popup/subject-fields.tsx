import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { IndicatorCheck } from '@/utils/indicators/types';
import { describeIndicatorWarning, describeProblem } from '@/utils/problems/sentences';
import { phoneCountryLink } from '../ui/fix-link';
import { TextField } from '../ui/text-field';
import { SpellingConfirm } from './spelling-confirm';
import type { SpellingConfirmation } from './use-spelling-confirm';

/** The subject's hint: the address an international domain stands for, else its warnings, else what may be typed. */
export function subjectHint(check: IndicatorCheck | null): string {
  if (check?.ok && check.indicator.display) return i18n.t('report.form.idn', [check.indicator.display, check.indicator.value]);
  const warnings = check?.ok ? check.indicator.warnings.map(describeIndicatorWarning) : [];
  return warnings.join(' ') || i18n.t('report.form.subject_hint');
}

interface SubjectFieldsProps {
  subject: string;
  onInput(subject: string): void;
  /** Null while the check loads. */
  check: IndicatorCheck | null;
  /** The user typed or tried to send: errors show. */
  touched: boolean;
  spelling: SpellingConfirmation;
}

/** What is reported: the subject, why it is not an indicator (with the fix a phone number needs), and "send it anyway" for an unusual spelling. */
export function SubjectFields({ subject, onInput, check, touched, spelling }: SubjectFieldsProps): JSX.Element {
  const error = touched && check && !check.ok ? describeProblem({ kind: 'invalid_indicator', reason: check.problem }) : null;
  return (
    <>
      <TextField id="report-subject" label={i18n.t('report.form.subject')} value={subject} onInput={onInput} hint={subjectHint(check)} error={error} />
      {error && check?.ok === false && check.problem === 'phone_needs_country' && <p class="hint">{phoneCountryLink()}</p>}
      {spelling.needed && <SpellingConfirm checked={spelling.checked} missing={spelling.missing} onChange={spelling.onChange} />}
    </>
  );
}
