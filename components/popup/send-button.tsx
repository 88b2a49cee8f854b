import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { StepStates } from '@/utils/report/progress';
import type { ReportAction } from '@/utils/storage/report-types';
import { FocusableButton } from '../ui/focusable-button';
import { lazyComponent } from '../ui/lazy';
import type { Phase } from './use-report-send';

/** The steps list shows a moment after the form: its code stays out of the popup's first load. */
const ReportSteps = lazyComponent(() => import('../reporting/report-steps').then((module) => module.ReportSteps));

interface SendButtonsProps {
  phase: Phase['step'];
  /** The action of the draft (the settings' default, or the kept draft's): its button comes first, and Enter in a field presses it. */
  primary: ReportAction;
  /** The button last pressed: it says what it is doing. */
  pressed: ReportAction;
  /** The draft's capture still runs: nothing can be sent yet. */
  capturing: boolean;
  /** The indicator check has not loaded yet. */
  loading: boolean;
  steps: StepStates;
}

/** The action a submit button stands for (its value), or `fallback` for a submission no button of ours started. */
export function submittedAction(submitter: EventTarget | null | undefined, fallback: ReportAction): ReportAction {
  const value = (submitter as { value?: unknown } | null | undefined)?.value;
  return value === 'tkd' || value === 'monitor' ? value : fallback;
}

/** "Report for takedown" and "Monitor": the form's two submit buttons, each saying what it does or is doing, and the steps while it does. */
export function SendButtons({ phase, primary, pressed, capturing, loading, steps }: SendButtonsProps): JSX.Element {
  const busy = phase !== 'editing';
  const order: ReportAction[] = primary === 'monitor' ? ['monitor', 'tkd'] : ['tkd', 'monitor'];
  const label = (action: ReportAction, first: boolean): string => {
    if (capturing && first) return i18n.t('report.form.capturing');
    if (busy && action === pressed) return i18n.t(phase === 'checking' ? 'report.form.looking_up' : 'report.form.sending');
    return i18n.t(action === 'tkd' ? 'report.form.send_tkd' : 'report.form.send_monitor');
  };
  return (
    <>
      <div class="send-buttons">
        {order.map((action, index) => (
          <FocusableButton key={action} type="submit" name="action" value={action} class={index === 0 ? 'primary' : 'secondary'} unavailable={busy || loading || capturing}>
            {label(action, index === 0)}
          </FocusableButton>
        ))}
      </div>
      {(capturing || busy) && <ReportSteps steps={steps} />}
    </>
  );
}
