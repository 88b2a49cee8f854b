import type { JSX } from 'preact';
import { useLayoutEffect } from 'preact/hooks';
import { i18n } from '#i18n';
import type { OutboxReport } from '@/utils/storage/report-types';
import type { Settings } from '@/utils/settings/settings';
import type { SavedConnection } from '@/utils/storage/connection-types';
import type { Problem } from '@/utils/problems/kinds';
import { useReportSteps } from '../reporting/use-report-steps';
import { TextField } from '../ui/text-field';
import { KeepDraft } from './keep-draft';
import { ReportFormOutcome, type ShownIncident } from './report-form-outcome';
import { ReportSendSection } from './report-send-section';
import { SendButtons, submittedAction } from './send-button';
import { SubjectFields } from './subject-fields';
import { useReportForm } from './use-report-form';

interface ReportFormProps {
  draft: OutboxReport;
  captureProblems: Problem[];
  settings: Settings;
  connection: SavedConnection;
  /** A subject to report instead of the tab's address (from a lookup that found nothing). */
  initialSubject?: string;
  /** "View incident here": shows the incident the report ended up with in the popup. */
  onViewIncident(incident: ShownIncident): void;
}

/** Marks the form in the document, to be painted in this frame: `npm run bench` reads this mark (the empty reference page marks at the same point, before its paint). */
function usePopupReadyMark(): void {
  useLayoutEffect(() => {
    if (!performance.getEntriesByName('popup-ready').length) performance.mark('popup-ready');
  }, []);
}

/** The comment sent with the report, and the reporter's address (refused once the user tried to send, when it is none). */
function CommentAndReporter({ form }: { form: ReturnType<typeof useReportForm> }): JSX.Element {
  return (
    <>
      <div class="field">
        <label for="report-comment">{i18n.t('report.form.comment')}</label>
        <textarea id="report-comment" rows={2} value={form.comment} onInput={(event) => form.setComment(event.currentTarget.value)} />
      </div>
      <TextField
        id="report-reporter"
        label={i18n.t('report.form.reporter')}
        value={form.reporter}
        onInput={form.setReporter}
        hint={i18n.t('report.form.reporter_hint')}
        error={form.reporterError}
        autoComplete="email"
      />
    </>
  );
}

/**
 * The popup's report form: the tab's address (or any indicator typed or
 * pasted), a comment and the reporter, then the send bar, which stays in view
 * (issue 21): a one-line summary of the evidence, size and client that opens
 * the details (evidence with a screenshot preview, the user's own files, the
 * sub-client, exactly what will be sent), and "Report for takedown" and
 * "Monitor". The subject is looked up first: an existing incident is
 * followed up instead of reported twice.
 */
export function ReportForm({ draft: initial, captureProblems, settings, connection, initialSubject, onViewIncident }: ReportFormProps): JSX.Element {
  const form = useReportForm(initial, settings, initialSubject);
  const steps = useReportSteps(initial);
  const { evidence, sending, edit } = form;
  usePopupReadyMark();

  if (sending.phase.step === 'done' || sending.phase.step === 'exists') {
    return (
      <ReportFormOutcome
        phase={sending.phase}
        reportId={initial.id}
        subject={edit?.subject.value ?? form.subject}
        hasEvidence={(edit?.files.length ?? 0) > 0}
        comment={form.comment}
        onBack={sending.backToEditing}
        onViewIncident={onViewIncident}
      />
    );
  }
  return (
    <form
      class="report-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // Enter in a field presses the first button: the draft's own action.
        form.submit(submittedAction(event.submitter, initial.action));
      }}
    >
      <SubjectFields subject={form.subject} onInput={form.typeSubject} check={form.check} touched={form.touched} spelling={form.spelling} />
      <CommentAndReporter form={form} />
      <ReportSendSection
        evidence={evidence}
        captureProblems={captureProblems}
        edit={edit}
        initial={initial}
        clients={connection.clients}
        clientId={form.clientId}
        onClientChange={form.setClientId}
        problem={sending.problem}
      >
        <SendButtons phase={sending.phase.step} primary={initial.action} pressed={form.pressed} capturing={evidence.capturing} loading={!form.check} steps={steps} />
      </ReportSendSection>
      <KeepDraft kept={form.resumed} unavailable={sending.phase.step !== 'editing' || evidence.capturing} onKeep={() => sending.keep(edit)} onDiscard={sending.discard} />
    </form>
  );
}
