import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { ReportResult } from '../reporting/report-result';
import { lazyComponent } from '../ui/lazy';
import type { FoundIncident } from '@/utils/incidents/find';
import type { OutboxReport } from '@/utils/storage/report-types';

/** What the form gives way to once sent or found already reported. */
export const OUTCOME_ID = 'report-outcome';

/** Shown only when a lookup finds the subject already reported: loaded then. */
const ExistingIncident = lazyComponent(() => import('../reporting/existing-incident').then((module) => module.ExistingIncident));

/** Where sending ended when the form gives way: sent (or queued), or already an incident. */
export type FormOutcome = { step: 'done'; report: OutboxReport } | { step: 'exists'; incident: FoundIncident };

interface ReportFormOutcomeProps {
  phase: FormOutcome;
  reportId: string;
  hasEvidence: boolean;
  comment: string;
  onBack(): void;
}

/** The report as sent, or the incident it already is with a way back to the form. */
export function ReportFormOutcome({ phase, reportId, hasEvidence, comment, onBack }: ReportFormOutcomeProps): JSX.Element {
  if (phase.step === 'done') {
    return (
      <section id={OUTCOME_ID} class="report-form" aria-live="polite" tabIndex={-1}>
        <ReportResult report={phase.report} />
      </section>
    );
  }
  return (
    <section id={OUTCOME_ID} class="report-form" tabIndex={-1}>
      <ExistingIncident incident={phase.incident} reportId={reportId} hasEvidence={hasEvidence} comment={comment} idPrefix="popup" />
      <button type="button" class="link-button" onClick={onBack}>
        {i18n.t('report.form.back')}
      </button>
    </section>
  );
}
