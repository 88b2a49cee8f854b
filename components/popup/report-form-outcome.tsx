import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { ReportResult } from '../reporting/report-result';
import { lazyComponent } from '../ui/lazy';
import type { FoundIncident } from '@/utils/incidents/find-incident';
import type { OutboxReport } from '@/utils/storage/report-types';

/** What the form gives way to once sent or found already reported. */
export const OUTCOME_ID = 'report-outcome';

/** Shown only when a lookup finds the subject already reported: loaded then. */
const ExistingIncident = lazyComponent(() => import('../reporting/existing-incident').then((module) => module.ExistingIncident));

/** Where sending ended when the form gives way: sent (or queued), or already an incident. */
export type FormOutcome = { step: 'done'; report: OutboxReport } | { step: 'exists'; incident: FoundIncident };

/** An incident to show in the popup: its id, and the subject it was reported as. */
export interface ShownIncident {
  id: string;
  subject: string;
}

interface ReportFormOutcomeProps {
  phase: FormOutcome;
  reportId: string;
  /** The subject as reported. */
  subject: string;
  hasEvidence: boolean;
  comment: string;
  onBack(): void;
  onViewIncident(incident: ShownIncident): void;
}

/**
 * The report as sent, or the incident it already is with a way back to the
 * form; either way, once there is an incident, "View incident here" shows it
 * in the popup, for a user without a login to the service's dashboard.
 */
export function ReportFormOutcome({ phase, reportId, subject, hasEvidence, comment, onBack, onViewIncident }: ReportFormOutcomeProps): JSX.Element {
  // "Send again" or "Check" may link an incident later than the answer that ended the form.
  const [report, setReport] = useState(phase.step === 'done' ? phase.report : null);
  const incidentId = phase.step === 'exists' ? phase.incident.id : report?.incident?.id;
  const viewHere = incidentId && (
    <button type="button" class="link-button" onClick={() => onViewIncident({ id: incidentId, subject })}>
      {i18n.t('report.result.view_here')}
    </button>
  );
  if (phase.step === 'done') {
    return (
      <section id={OUTCOME_ID} class="report-form" aria-live="polite" tabIndex={-1}>
        <ReportResult report={phase.report} onChange={setReport} />
        {viewHere}
      </section>
    );
  }
  return (
    <section id={OUTCOME_ID} class="report-form" tabIndex={-1}>
      <ExistingIncident incident={phase.incident} reportId={reportId} hasEvidence={hasEvidence} comment={comment} idPrefix="popup" />
      <div class="outcome-links">
        {viewHere}
        <button type="button" class="link-button" onClick={onBack}>
          {i18n.t('report.form.back')}
        </button>
      </div>
    </section>
  );
}
