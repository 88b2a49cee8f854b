import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { IndicatorCheck } from '@/utils/indicators/types';
import { describeIndicatorWarning, describeProblem } from '@/utils/problems/sentences';
import type { OutboxReport, ReportAction } from '@/utils/storage/report-types';
import type { Settings } from '@/utils/settings/settings';
import type { SavedConnection } from '@/utils/storage/connection-types';
import type { Problem } from '@/utils/problems/kinds';
import { ClientPicker } from '../reporting/client-picker';
import { LazyCreditsLine } from './lazy-credits-line';
import { EvidencePicker } from '../reporting/evidence-picker';
import { useReportSteps } from '../reporting/use-report-steps';
import { focusSoon } from '../ui/focus-soon';
import { TextField } from '../ui/text-field';
import { ReportSummary } from './report-summary';
import { SPELLING_CONFIRM_ID, SpellingConfirm } from './spelling-confirm';
import { KeepDraft } from './keep-draft';
import { needsSpellingConfirmation } from '@/utils/indicators/warnings';
import { buildDraftEdit, checkEmail } from '@/utils/report/draft-edit';
import { ProblemMessage } from '../ui/problem-message';
import { ActionChoice } from './action-choice';
import { ReportFormOutcome } from './report-form-outcome';
import { SendButton } from './send-button';
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
  const edit = check?.ok && indicators ? buildDraftEdit({ indicator: check.indicator, action, comment, reporter, clientId, files: evidence.files, included: evidence.included }) : null;

  /** Sends once the reporter's address is valid and an unusual spelling is confirmed; else shows why. */
  function submit(): void {
    setTouched(true);
    void send(edit, () => {
      if (!checkEmail(reporter)) return false;
      if (spellingOk) return true;
      setSpellingMissing(true);
      focusSoon(SPELLING_CONFIRM_ID);
      return false;
    });
  }

  if (phase.step === 'done' || phase.step === 'exists') {
    return <ReportFormOutcome phase={phase} reportId={initial.id} hasEvidence={(edit?.files.length ?? 0) > 0} comment={comment} onBack={backToEditing} />;
  }

  const warnings = check?.ok ? check.indicator.warnings.map(describeIndicatorWarning) : [];
  return (
    <form
      class="report-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
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
      <ActionChoice value={action} onChange={setAction} />
      <div class="field">
        <label for="report-comment">{i18n.t('report.form.comment')}</label>
        <textarea id="report-comment" rows={2} value={comment} onInput={(event) => setComment(event.currentTarget.value)} />
      </div>
      <EvidencePicker
        files={evidence.files}
        included={evidence.included}
        onToggle={evidence.toggle}
        onAddFiles={(added) => evidence.add(added, edit?.fields ?? initial.fields)}
        onRemoveExtra={evidence.removeExtra}
        refused={evidence.refused}
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
      <SendButton phase={phase.step} action={action} capturing={evidence.capturing} loading={!indicators} steps={steps} />
      <KeepDraft kept={resumed} unavailable={phase.step !== 'editing' || evidence.capturing} onKeep={() => keep(edit)} onDiscard={discard} />
    </form>
  );
}
