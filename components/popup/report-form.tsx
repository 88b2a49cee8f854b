import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { IndicatorCheck } from '@/utils/indicators/types';
import { getBackgroundService } from '@/utils/messaging/background-service';
import { describeIndicatorWarning, describeProblem } from '@/utils/problems/sentences';
import type { Problem } from '@/utils/problems/kinds';
import { addFilesWithinLimits, type AddedFiles } from '@/utils/report/file-limits';
import type { FoundIncident } from '@/utils/report/lookup';
import type { FileRole, OutboxReport, ReportAction } from '@/utils/report/types';
import type { Settings } from '@/utils/settings/settings';
import type { SavedConnection } from '@/utils/connection/types';
import { ClientPicker } from '../reporting/client-picker';
import { LazyCreditsLine } from './lazy-credits-line';
import { EvidencePicker } from '../reporting/evidence-picker';
import { ReportResult } from '../reporting/report-result';
import { useReportSteps } from '../reporting/use-report-steps';
import { FocusableButton } from '../ui/focusable-button';
import { focusSoon } from '../ui/focus-soon';
import { lazyComponent } from '../ui/lazy';
import { TextField } from '../ui/text-field';
import { ReportSummary } from './report-summary';
import { SPELLING_CONFIRM_ID, SpellingConfirm } from './spelling-confirm';
import { KeepDraft } from './keep-draft';
import { needsSpellingConfirmation } from '@/utils/indicators/warnings';
import { buildDraftEdit, checkEmail, initialIncluded } from '@/utils/report/draft-edit';
import { ProblemMessage } from '../ui/problem-message';

type Indicators = typeof import('@/utils/indicators/check');

/** The steps list shows a moment after the form: its code stays out of the popup's first load. */
const ReportSteps = lazyComponent(() => import('../reporting/report-steps').then((module) => module.ReportSteps));
/** Shown only when a lookup finds the subject already reported: loaded then. */
const ExistingIncident = lazyComponent(() => import('../reporting/existing-incident').then((module) => module.ExistingIncident));

/** The indicator check (public-suffix list, phone metadata) loads after the popup first paints. */
function loadIndicators(): Promise<Indicators> {
  return import('@/utils/indicators/check');
}

/** What the form gives way to once sent or found already reported. */
const OUTCOME_ID = 'report-outcome';

/** Longer than any capture takes (each part has 6 s, utils/evidence/capture.ts). */
const CAPTURE_WAIT_MS = 10_000;

type Phase =
  | { step: 'editing' }
  | { step: 'checking' }
  | { step: 'exists'; incident: FoundIncident }
  | { step: 'sending' }
  | { step: 'done'; report: OutboxReport };

interface ReportFormProps {
  draft: OutboxReport;
  captureProblems: Problem[];
  settings: Settings;
  connection: SavedConnection;
  /** A subject to report instead of the tab's address (from a lookup that found nothing). */
  initialSubject?: string;
}

/**
 * The popup's report form, all on one screen: the tab's address (or any
 * indicator typed or pasted), takedown or monitor, a comment, the evidence
 * with a screenshot preview and the user's own files, the sub-client and the
 * reporter, and a summary of exactly what will be sent. The subject is looked
 * up first: an existing incident is followed up instead of reported twice.
 */
export function ReportForm({ draft: initial, captureProblems, settings, connection, initialSubject }: ReportFormProps): JSX.Element {
  const [indicators, setIndicators] = useState<Indicators | null>(null);
  const [subject, setSubject] = useState(initialSubject ?? initial.subject.value);
  const [action, setAction] = useState<ReportAction>(initial.action);
  // A draft the user kept is taken up as it was left; a new one starts from the settings.
  const resumed = Boolean(initial.keptAt);
  const [comment, setComment] = useState(initial.fields.comment ?? '');
  const [reporter, setReporter] = useState(resumed ? (initial.fields.reportedBy ?? '') : settings.reporterEmail);
  const [clientId, setClientId] = useState(resumed ? (initial.fields.clientId ?? '') : settings.defaultClientId);
  const [files, setFiles] = useState(initial.files);
  const [included, setIncluded] = useState<Set<FileRole>>(() => (resumed ? new Set<FileRole>(['extra', 'record', ...initial.files.map((file) => file.role)]) : initialIncluded(settings)));
  const [refused, setRefused] = useState<AddedFiles['refused']>([]);
  const [touched, setTouched] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: 'editing' });
  const [problem, setProblem] = useState<Problem | null>(null);
  // The subject this "send anyway" was ticked for: typing another one asks again.
  const [spellingConfirmed, setSpellingConfirmed] = useState<string | null>(null);
  const [spellingMissing, setSpellingMissing] = useState(false);

  const steps = useReportSteps(initial);

  // The draft is shown before its capture ends; its files join the form's when it does.
  const [captureOverdue, setCaptureOverdue] = useState(false);
  // Shown before the background wrote it (no id yet) or before its evidence exists: sending waits.
  const capturing = (Boolean(initial.capturing) && !captureOverdue) || !initial.id;
  useEffect(() => {
    if (initial.capturing) {
      // A capture that never completes the draft (a worker stopped meanwhile) no longer holds the form.
      const timer = setTimeout(() => setCaptureOverdue(true), CAPTURE_WAIT_MS);
      return () => clearTimeout(timer);
    }
    setFiles((previous) => [...initial.files.filter((file) => !previous.some((kept) => kept.name === file.name && kept.role === file.role)), ...previous]);
    return undefined;
  }, [initial.capturing]);

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
  const edit = check?.ok && indicators ? buildDraftEdit({ indicator: check.indicator, action, comment, reporter, clientId, files, included }) : null;

  function addFiles(added: File[]): void {
    const chosen = files.filter((file) => included.has(file.role));
    const result = addFilesWithinLimits(chosen, added, edit?.fields ?? initial.fields, Boolean(initial.evidence));
    setFiles((previous) => [...previous, ...result.accepted]);
    setRefused(result.refused);
  }

  async function send(): Promise<void> {
    setTouched(true);
    setProblem(null);
    if (!edit || !checkEmail(reporter)) return;
    if (!spellingOk) {
      setSpellingMissing(true);
      return focusSoon(SPELLING_CONFIRM_ID);
    }
    // Loaded on send, not before the form shows (issue 10: popup ready).
    const [{ editDraft }, { lookUpAndSend }] = await Promise.all([import('@/utils/report/outbox'), import('@/utils/report/look-up-and-send')]);
    const saved = await editDraft(initial.id, edit);
    if (!saved) return setProblem({ kind: 'report_busy' });
    setPhase({ step: 'checking' });
    const outcome = await lookUpAndSend(getBackgroundService().reports, initial.id, edit.subject.value, () => setPhase({ step: 'sending' }));
    // The form gives way to what became of it: the focus goes there, not to <body>.
    if (outcome.kind !== 'not_taken') focusSoon(OUTCOME_ID);
    if (outcome.kind === 'exists') return setPhase({ step: 'exists', incident: outcome.incident });
    if (outcome.kind === 'handled') return setPhase({ step: 'done', report: outcome.report });
    setPhase({ step: 'editing' });
    setProblem(outcome.problem);
  }

  async function keepDraft(): Promise<boolean> {
    const { editDraft } = await import('@/utils/report/outbox');
    return Boolean(await editDraft(initial.id, { ...edit, keptAt: new Date().toISOString() }));
  }

  async function discardDraft(): Promise<boolean> {
    await getBackgroundService().reports.discard(initial.id);
    window.close();
    return true;
  }

  if (phase.step === 'done') {
    return (
      <section id={OUTCOME_ID} class="report-form" aria-live="polite" tabIndex={-1}>
        <ReportResult report={phase.report} />
      </section>
    );
  }
  if (phase.step === 'exists') {
    return (
      <section id={OUTCOME_ID} class="report-form" tabIndex={-1}>
        <ExistingIncident incident={phase.incident} reportId={initial.id} hasEvidence={(edit?.files.length ?? 0) > 0} comment={comment} idPrefix="popup" />
        <button
          type="button"
          class="link-button"
          onClick={() => {
            setPhase({ step: 'editing' });
            focusSoon('report-subject');
          }}
        >
          {i18n.t('report.form.back')}
        </button>
      </section>
    );
  }

  const busy = phase.step !== 'editing';
  const warnings = check?.ok ? check.indicator.warnings.map(describeIndicatorWarning) : [];
  return (
    <form
      class="report-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
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
      <fieldset class="choice">
        <legend>{i18n.t('report.form.action')}</legend>
        {(['tkd', 'monitor'] as const).map((value) => (
          <label key={value}>
            <input type="radio" name="report-action" value={value} checked={action === value} onChange={() => setAction(value)} /> {i18n.t(`report.action.${value}`)}
          </label>
        ))}
      </fieldset>
      <div class="field">
        <label for="report-comment">{i18n.t('report.form.comment')}</label>
        <textarea id="report-comment" rows={2} value={comment} onInput={(event) => setComment(event.currentTarget.value)} />
      </div>
      <EvidencePicker
        files={files}
        included={included}
        onToggle={(role, on) => setIncluded((previous) => new Set(on ? [...previous, role] : [...previous].filter((kept) => kept !== role)))}
        onAddFiles={addFiles}
        onRemoveExtra={(index) => {
          let seen = -1;
          setFiles((previous) => previous.filter((file) => file.role !== 'extra' || ++seen !== index));
        }}
        refused={refused}
        captureProblems={captureProblems}
      />
      <ClientPicker id="report-client" clients={connection.clients} value={clientId} onChange={setClientId} />
      <LazyCreditsLine clientId={clientId} />
      <TextField
        id="report-reporter"
        label={i18n.t('report.form.reporter')}
        value={reporter}
        onInput={setReporter}
        hint={i18n.t('report.form.reporter_hint')}
        error={reporterError}
        autoComplete="email"
      />
      {edit && <ReportSummary edit={edit} withRecord={Boolean(initial.evidence)} />}
      {problem && <ProblemMessage problem={problem} />}
      <FocusableButton type="submit" class="primary" unavailable={busy || !indicators || capturing}>
        {capturing
          ? i18n.t('report.form.capturing')
          : i18n.t(phase.step === 'checking' ? 'report.form.looking_up' : phase.step === 'sending' ? 'report.form.sending' : action === 'tkd' ? 'report.form.send_tkd' : 'report.form.send_monitor')}
      </FocusableButton>
      {(capturing || busy) && <ReportSteps steps={steps} />}
      <KeepDraft kept={resumed} unavailable={busy || capturing} onKeep={keepDraft} onDiscard={discardDraft} />
    </form>
  );
}
