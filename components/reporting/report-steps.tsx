import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { PROGRESS_STEPS, type ProgressStep, type StepStates } from '@/utils/report/progress';
import { formatFileSize } from '../shared/labels';

const MARK: Record<string, string> = { active: '…', done: '✓', failed: '✕' };

/** The steps known so far, in order, each with its state; the latest one is also announced to screen readers. */
export function ReportSteps({ steps }: { steps: StepStates }): JSX.Element | null {
  const shown = PROGRESS_STEPS.filter((step) => steps[step]);
  if (!shown.length) return null;
  const text = (step: ProgressStep) => {
    const { state, bytes, seconds } = steps[step]!;
    // A whole page that took a while says how long (issue 41).
    if (step === 'whole_page' && state === 'done' && seconds !== undefined) return i18n.t('report.steps.whole_page.took', [seconds]);
    return i18n.t(`report.steps.${step}.${state}`, [bytes === undefined ? '' : formatFileSize(bytes)]);
  };
  const latest = [...shown].reverse().find((step) => steps[step]!.state === 'active') ?? shown[shown.length - 1]!;
  return (
    <div class="report-steps">
      <ol aria-label={i18n.t('report.steps.label')}>
        {shown.map((step) => (
          <li key={step} class={`report-step step-${steps[step]!.state}`} data-step={step} data-step-state={steps[step]!.state}>
            <span aria-hidden="true" class="step-mark">
              {MARK[steps[step]!.state]}
            </span>{' '}
            {text(step)}
          </li>
        ))}
      </ol>
      <p class="visually-hidden" role="status" aria-live="polite">
        {text(latest)}
      </p>
    </div>
  );
}
