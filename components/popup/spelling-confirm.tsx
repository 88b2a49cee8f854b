import type { JSX } from 'preact';
import { i18n } from '#i18n';

/** The checkbox's id: the form moves the focus here when it is needed and not ticked. */
export const SPELLING_CONFIRM_ID = 'report-confirm-spelling';

interface SpellingConfirmProps {
  checked: boolean;
  onChange(checked: boolean): void;
  /** Set after a send was tried without the tick. */
  missing: boolean;
}

/**
 * "Send it anyway": a subject under a top-level domain the bundled list does
 * not know is sent only once the user says it is spelled as meant (issue 19).
 */
export function SpellingConfirm({ checked, onChange, missing }: SpellingConfirmProps): JSX.Element {
  const errorId = `${SPELLING_CONFIRM_ID}-error`;
  return (
    <div class="toggle">
      <input
        type="checkbox"
        id={SPELLING_CONFIRM_ID}
        checked={checked}
        aria-invalid={missing ? true : undefined}
        aria-describedby={['report-subject-hint', missing ? errorId : null].filter(Boolean).join(' ')}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label for={SPELLING_CONFIRM_ID}>{i18n.t('report.form.confirm_suffix')}</label>
      {missing && (
        <p id={errorId} class="field-error" role="alert">
          {i18n.t('report.form.confirm_suffix_needed')}
        </p>
      )}
    </div>
  );
}
