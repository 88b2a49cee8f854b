import { phoneCountryLink } from '../ui/fix-link';
import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { IndicatorCheck } from '@/utils/indicators/types';
import { describeIndicatorWarning, describeProblem } from '@/utils/problems/sentences';
import type { OutboxReport, ReportAction } from '@/utils/storage/report-types';
import type { Settings } from '@/utils/settings/settings';
import type { SavedConnection } from '@/utils/storage/connection-types';
import type { Problem } from '@/utils/problems/kinds';
import { useReportSteps } from '../reporting/use-report-steps';
import { focusSoon } from '../ui/focus-soon';
import { TextField } from '../ui/text-field';
import { SPELLING_CONFIRM_ID, SpellingConfirm } from './spelling-confirm';
import { KeepDraft } from './keep-draft';
import { needsSpellingConfirmation } from '@/utils/indicators/warnings';
import { buildDraftEdit, checkEmail } from '@/utils/drafts/draft-edit';
import { ReportDetails } from './report-details';
import { ReportFormOutcome, type ShownIncident } from './report-form-outcome';
import { SendBar } from './send-bar';
import { SendButtons, submittedAction } from './send-button';
import { describeSending } from './send-summary';
import { useReportFiles } from './use-report-files';
import { useReportSend } from './use-report-send';

type Indicators = typeof import('@/utils/indicators/check');

/** The indicator check (public-suffix list, phone metadata) loads after the popup first paints. */
function loadIndicators(): Promise<Indicators> {
  return import('@/utils/indicators/check');
}

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

/** The details the send bar opens. */
const DETAILS_ID = 'report-details';

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
  const [indicators, setIndicators] = useState<Indicators | null>(null);
  const [subject, setSubject] = useState(initialSubject ?? initial.subject.value);
  // The button pressed last: it says what it is doing while the report goes.
  const [pressed, setPressed] = useState<ReportAction>(initial.action);
  const [detailsOpen, setDetailsOpen] = useState(false);
  // A draft the user kept is taken up as it was left; a new one starts from the settings.
  const resumed = Boolean(initial.keptAt);
  const [comment, setComment] = useState(initial.fields.comment ?? '');
  const [reporter, setReporter] = useState(resumed ? (initial.fields.reportedBy ?? '') : settings.reporterEmail);
  const [clientId, setClientId] = useState(resumed ? (initial.fields.clientId ?? '') : settings.defaultClientId);
  const [touched, setTouched] = useState(false);
  // The subject this "send anyway" was ticked for: typing another one asks again.
  const [spellingConfirmed, setSpellingConfirmed] = useState<string | null>(null);
  const [spellingMissing, setSpellingMissing] = useState(false);

  const steps = useReportSteps(initial);
  const evidence = useReportFiles(initial, settings);
  const { phase, problem, send, keep, discard, backToEditing } = useReportSend(initial.id);

  useLayoutEffect(() => {
    // The form is in the document with the tab's address and the connection, to be painted in this frame:
    // `npm run bench` reads this mark (the empty reference page marks at the same point, before its paint).
    if (!performance.getEntriesByName('popup-ready').length) performance.mark('popup-ready');
  }, []);
  useEffect(() => {
    void loadIndicators().then(setIndicators);
  }, []);

  const check: IndicatorCheck | null = indicators ? indicators.checkIndicator(subject, settings.phoneCountry ? { defaultCountry: settings.phoneCountry } : {}) : null;
  const subjectError = touched && check && !check.ok ? describeProblem({ kind: 'invalid_indicator', reason: check.problem }) : null;
  const reporterError = touched && !checkEmail(reporter) ? i18n.t('report.form.reporter_invalid') : null;
  const confirmSpelling = Boolean(check?.ok && needsSpellingConfirmation(check.indicator));
  const spellingOk = !confirmSpelling || spellingConfirmed === subject;
  const edit = check?.ok && indicators ? buildDraftEdit({ indicator: check.indicator, action: initial.action, comment, reporter, clientId, files: evidence.files, included: evidence.included }) : null;

  /** Sends for `action` once the reporter's address is valid and an unusual spelling is confirmed; else shows why. */
  function submit(action: ReportAction): void {
    setTouched(true);
    setPressed(action);
    void send(edit && { ...edit, action }, () => {
      if (!checkEmail(reporter)) return false;
      if (spellingOk) return true;
      setSpellingMissing(true);
      focusSoon(SPELLING_CONFIRM_ID);
      return false;
    });
  }

  if (phase.step === 'done' || phase.step === 'exists') {
    return (
      <ReportFormOutcome
        phase={phase}
        reportId={initial.id}
        subject={edit?.subject.value ?? subject}
        hasEvidence={(edit?.files.length ?? 0) > 0}
        comment={comment}
        onBack={backToEditing}
        onViewIncident={onViewIncident}
      />
    );
  }

  const warnings = check?.ok ? check.indicator.warnings.map(describeIndicatorWarning) : [];
  return (
    <form
      class="report-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // Enter in a field presses the first button: the draft's own action.
        submit(submittedAction(event.submitter, initial.action));
      }}
    >
      <TextField
        id="report-subject"
        label={i18n.t('report.form.subject')}
        value={subject}
        onInput={(value) => {
          setSubject(value);
          setTouched(true);
        }}
        hint={check?.ok && check.indicator.display ? i18n.t('report.form.idn', [check.indicator.display, check.indicator.value]) : warnings.join(' ') || i18n.t('report.form.subject_hint')}
        error={subjectError}
      />
      {subjectError && check?.ok === false && check.problem === 'phone_needs_country' && <p class="hint">{phoneCountryLink()}</p>}
      {confirmSpelling && (
        <SpellingConfirm
          checked={spellingConfirmed === subject}
          missing={spellingMissing && !spellingOk}
          onChange={(on) => {
            setSpellingConfirmed(on ? subject : null);
            setSpellingMissing(false);
          }}
        />
      )}
      <div class="field">
        <label for="report-comment">{i18n.t('report.form.comment')}</label>
        <textarea id="report-comment" rows={2} value={comment} onInput={(event) => setComment(event.currentTarget.value)} />
      </div>
      <TextField
        id="report-reporter"
        label={i18n.t('report.form.reporter')}
        value={reporter}
        onInput={setReporter}
        hint={i18n.t('report.form.reporter_hint')}
        error={reporterError}
        autoComplete="email"
      />
      <div id={DETAILS_ID} class="report-details" hidden={!detailsOpen}>
        <ReportDetails
          evidence={evidence}
          captureProblems={captureProblems}
          fields={edit?.fields ?? initial.fields}
          clients={connection.clients}
          clientId={clientId}
          onClientChange={setClientId}
          edit={edit}
          withRecord={Boolean(initial.evidence)}
        />
      </div>
      <SendBar
        detailsId={DETAILS_ID}
        open={detailsOpen}
        onToggle={() => setDetailsOpen((open) => !open)}
        summary={describeSending({ files: evidence.files, included: evidence.included, clientId, clients: connection.clients })}
        refused={evidence.refused.length > 0}
        problem={problem}
        clientId={clientId}
      >
        <SendButtons phase={phase.step} primary={initial.action} pressed={pressed} capturing={evidence.capturing} loading={!indicators} steps={steps} />
      </SendBar>
      <KeepDraft kept={resumed} unavailable={phase.step !== 'editing' || evidence.capturing} onKeep={() => keep(edit)} onDiscard={discard} />
    </form>
  );
}
