import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { StepStates } from '@/utils/report/progress';
import type { ReportAction } from '@/utils/storage/report-types';
import { FocusableButton } from '../ui/focusable-button';
import { lazyComponent } from '../ui/lazy';
import type { Phase } from './use-report-send';

/** The steps list shows a moment after the form: its code stays out of the popup's first load. */
const ReportSteps = lazyComponent(() => import('../reporting/report-steps').then((module) => module.ReportSteps));

interface SendButtonProps {
  phase: Phase['step'];
  action: ReportAction;
  /** The draft's capture still runs: nothing can be sent yet. */
  capturing: boolean;
  /** The indicator check has not loaded yet. */
  loading: boolean;
  steps: StepStates;
}

/** The form's submit button, saying what it will do or is doing, and the steps while it does. */
export function SendButton({ phase, action, capturing, loading, steps }: SendButtonProps): JSX.Element {
  const busy = phase !== 'editing';
  return (
    <>
      <FocusableButton type="submit" class="primary" unavailable={busy || loading || capturing}>
        {capturing
          ? i18n.t('report.form.capturing')
          : i18n.t(phase === 'checking' ? 'report.form.looking_up' : phase === 'sending' ? 'report.form.sending' : action === 'tkd' ? 'report.form.send_tkd' : 'report.form.send_monitor')}
      </FocusableButton>
      {(capturing || busy) && <ReportSteps steps={steps} />}
    </>
  );
}
