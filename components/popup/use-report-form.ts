import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { Settings } from '@/utils/settings/settings';
import type { OutboxReport, ReportAction } from '@/utils/storage/report-types';
import { buildDraftEdit, checkEmail } from '@/utils/drafts/draft-edit';
import { useIndicatorCheck } from './use-indicator-check';
import { useReportFiles } from './use-report-files';
import { useReportSend } from './use-report-send';
import { useSpellingConfirm } from './use-spelling-confirm';

/** What the user typed into the report form: a kept draft is taken up as it was left; a new one starts from the settings. */
function useTypedFields(initial: OutboxReport, settings: Settings, initialSubject: string | undefined) {
  const resumed = Boolean(initial.keptAt);
  const [subject, setSubject] = useState(initialSubject ?? initial.subject.value);
  const [comment, setComment] = useState(initial.fields.comment ?? '');
  const [reporter, setReporter] = useState(resumed ? (initial.fields.reportedBy ?? '') : settings.reporterEmail);
  const [clientId, setClientId] = useState(resumed ? (initial.fields.clientId ?? '') : settings.defaultClientId);
  return { resumed, subject, setSubject, comment, setComment, reporter, setReporter, clientId, setClientId };
}

/**
 * The popup report form's state: its fields, the subject's check, the
 * evidence, and the send, which goes once the reporter's address is valid
 * and an unusual spelling is confirmed.
 */
export function useReportForm(initial: OutboxReport, settings: Settings, initialSubject: string | undefined) {
  const fields = useTypedFields(initial, settings, initialSubject);
  const { subject, comment, reporter, clientId } = fields;
  // The button pressed last: it says what it is doing while the report goes.
  const [pressed, setPressed] = useState<ReportAction>(initial.action);
  const [touched, setTouched] = useState(false);
  const check = useIndicatorCheck(subject, settings.phoneCountry);
  const spelling = useSpellingConfirm(subject, check);
  const evidence = useReportFiles(initial, settings);
  const sending = useReportSend(initial.id);
  const edit = check?.ok ? buildDraftEdit({ indicator: check.indicator, action: initial.action, comment, reporter, clientId, files: evidence.files, included: evidence.included }) : null;

  /** Sends for `action` once the reporter's address is valid and an unusual spelling is confirmed; else shows why. */
  function submit(action: ReportAction): void {
    setTouched(true);
    setPressed(action);
    void sending.send(edit && { ...edit, action }, () => checkEmail(reporter) && spelling.allows());
  }

  return {
    ...fields,
    typeSubject(value: string) {
      fields.setSubject(value);
      setTouched(true);
    },
    reporterError: touched && !checkEmail(reporter) ? i18n.t('report.form.reporter_invalid') : null,
    touched,
    pressed,
    check,
    spelling,
    evidence,
    sending,
    edit,
    submit,
  };
}
