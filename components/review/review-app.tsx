import type { JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { getBackgroundService } from '@/utils/messaging/background-service';
import { describeProblem } from '@/utils/problems/sentences';
import { listFileText, resultsCsv } from '@/utils/drafts/bulk';
import { buildDraftEdit } from '@/utils/drafts/draft-edit';
import { lookUpAndSend } from '@/utils/drafts/look-up-and-send';
import { createPageDraft } from '@/utils/drafts/page-drafts';
import { buildEmailEvidence, type EmailEvidenceFiles } from '@/utils/drafts/email-evidence';
import type { FollowUp } from '@/utils/report/report-service';
import type { OutboxReport, ReportAction } from '@/utils/storage/report-types';
import { getReport } from '@/utils/report/report-store';
import { ClientPicker } from '../shared/client-picker';
import { downloadText } from '../ui/download';
import { FocusableButton } from '../ui/focusable-button';
import { useSavedConnection } from '../shared/use-saved-connection';
import { useSettings } from '../shared/use-settings';
import { ReviewRow } from './review-row';
import { chainRowsFor, emailRowsFor, mergeRows, resultRowOf, rowsFor, tallyOf, addedRowsFor, type ReviewRowState } from './review-state';
import { tallyWords } from './tally-words';
import { ReviewText, focusTextSoon } from './review-text';
import { NotRecognisedList } from './not-recognised-list';
import { useTextReading } from './use-text-reading';
import { EmailSection, emailProblems } from './email-section';
import { ReviewFiles, isListFile } from './review-files';
import { useEmails, type EmailEntry } from './use-emails';
import { ProblemMessage } from '../ui/problem-message';
import { fixLink } from '../ui/fix-link';
import { SelectionEvidence, useSelectionEvidence } from './selection-evidence';
import { WebmailSection } from './webmail-section';

type Indicators = typeof import('@/utils/indicators/find');

/** The indicator libraries (public-suffix list, phone metadata) load after the window first paints. */
function loadIndicators(): Promise<Indicators> {
  return import('@/utils/indicators/find');
}

/**
 * The review window: every indicator in a selection or a pasted list,
 * refanged and checked, each with a checkbox and an action. One report per
 * ticked indicator, looked up first so an existing incident is followed up
 * instead of reported twice; a result per row, and the results as CSV.
 */
export function ReviewApp({ sourceId, forEmail = false, webmailTabId = null }: { sourceId: string | null; forEmail?: boolean; webmailTabId?: number | null }): JSX.Element {
  const settings = useSettings();
  const connection = useSavedConnection();
  const [source, setSource] = useState<OutboxReport | null | undefined>(sourceId ? undefined : null);
  const [indicators, setIndicators] = useState<Indicators | null>(null);
  const [text, setText] = useState('');
  const [rows, setRows] = useState<ReviewRowState[]>([]);
  const [comment, setComment] = useState('');
  const [clientId, setClientId] = useState('');
  const [running, setRunning] = useState(false);
  const emailOptions = useMemo(() => (settings ? { ownDomains: settings.ownDomains, ...(settings.phoneCountry ? { defaultCountry: settings.phoneCountry } : {}) } : null), [settings]);
  const { emails, addEmails, removeEmail } = useEmails(emailOptions);
  // A selection's page goes only when the user ticks it (issue 44).
  const pageEvidence = useSelectionEvidence(source, settings);
  const reading = useTextReading(indicators, settings, text);

  useEffect(() => {
    void loadIndicators().then(setIndicators);
    if (sourceId) {
      void getReport(sourceId).then((found) => {
        setSource(found ?? null);
        if (found?.selectionText) setText(found.selectionText);
        // Emails dropped on the popup: read here, as if dropped on this window.
        if (found?.openAs === 'emails') addEmails(found.files.map((file) => new File([file.blob], file.name, { type: file.type })));
      });
    }
  }, [sourceId]);
  useEffect(() => {
    if (settings) setClientId(settings.defaultClientId);
  }, [settings]);

  const defaultAction: ReportAction = source?.action ?? settings?.defaultAction ?? 'tkd';
  const started = rows.some((row) => row.phase !== 'idle');
  /** The rows the emails and the text hold, as first shown. */
  function freshRows(): ReviewRowState[] {
    if (!indicators || !settings) return [];
    const wrapper = ({ reading }: EmailEntry) => reading?.ok === true && (reading.analysis.message.attachedEmails?.length ?? 0) > 0;
    // An indicator both in a forwarded phishing email and in the email it came attached to is the phishing email's.
    const fromEmails = [...emails.filter((entry) => !wrapper(entry)), ...emails.filter(wrapper)].flatMap((entry) =>
      entry.reading?.ok ? emailRowsFor(entry.reading.analysis.findings, defaultAction, entry.key) : [],
    );
    return mergeRows([], fromEmails, chainRowsFor(source, defaultAction, reading.check), rowsFor(reading.found, defaultAction), addedRowsFor(reading.added, defaultAction));
  }
  // Re-read the text and the emails whenever they change, until reporting starts; the user's ticks stay.
  useEffect(() => {
    if (!indicators || !settings || started) return;
    const fresh = freshRows();
    setRows((previous) => mergeRows(previous, fresh));
  }, [reading.found, indicators, settings, defaultAction, emails, reading.added]);

  const update = (index: number, patch: Partial<ReviewRowState>) => setRows((previous) => previous.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const followedUp = (index: number, kind: FollowUp['kind']) => setRows((previous) => previous.map((row, at) => (at === index ? { ...row, followedUp: [...(row.followedUp ?? []), kind] } : row)));

  /** The evidence a row goes with: its email's (the email, its headers, the record), or the page's the window was opened from. */
  const emailEvidence = new Map<string, Promise<EmailEvidenceFiles | null>>();
  async function evidenceOf(row: ReviewRowState, fields: Parameters<typeof buildEmailEvidence>[2]): Promise<Pick<EmailEvidenceFiles, 'files'> & { context?: EmailEvidenceFiles['context'] }> {
    if (row.email) {
      const { key } = row.email;
      const entry = emails.find((email) => email.key === key);
      if (!emailEvidence.has(key)) emailEvidence.set(key, entry?.reading?.ok ? buildEmailEvidence(entry.file, entry.reading.analysis.message, fields) : Promise.resolve(null));
      const built = await emailEvidence.get(key);
      if (built) return built;
    }
    // The popup's dropped emails are the window's source, not a page's evidence.
    if (!source || source.openAs === 'emails') return { files: [] };
    if (pageEvidence) return pageEvidence.evidence();
    return { files: source.files, ...(source.evidence ? { context: source.evidence } : {}) };
  }

  async function reportAll(): Promise<void> {
    if (!settings) return;
    setRunning(true);
    const service = getBackgroundService();
    for (const [index, row] of rows.entries()) {
      if (!row.selected || row.phase !== 'idle' || !row.found.check.ok) continue;
      const edit = buildDraftEdit({ indicator: row.found.check.indicator, action: row.action, comment, reporter: settings.reporterEmail, clientId, files: [] });
      const evidence = await evidenceOf(row, edit.fields);
      const draft = await createPageDraft({
        ...edit,
        files: evidence.files,
        ...(evidence.context ? { evidence: evidence.context } : {}),
        origin: 'review',
        ...(source?.tabId !== undefined && !row.email ? { tabId: source.tabId } : {}),
      });
      update(index, { phase: 'checking', draftId: draft.id, problem: undefined });
      const outcome = await lookUpAndSend(service, draft.id, draft.subject.value, () => update(index, { phase: 'sending' }));
      if (outcome.kind === 'exists') update(index, { phase: 'exists', existing: outcome.incident });
      // The background did not take it: the row stays ready to report again, saying why.
      else if (outcome.kind === 'not_taken') update(index, { phase: 'idle', problem: outcome.problem });
      else update(index, { phase: 'done', report: outcome.report, ...(outcome.lookupProblem ? { lookupProblem: outcome.lookupProblem } : {}) });
    }
    setRunning(false);
  }

  /** Files opened or dropped: lists go into the text, everything else is read as an email. */
  async function openFiles(files: readonly File[]): Promise<void> {
    const lists = files.filter(isListFile);
    const others = files.filter((file) => !isListFile(file));
    if (others.length > 0) addEmails(others);
    for (const file of lists) {
      const content = listFileText(file.name, await file.text());
      setText((previous) => (previous.trim() ? `${previous}\n${content}` : content));
    }
  }

  function exportCsv(): void {
    const csv = resultsCsv(rows.map((row) => resultRowOf(row, describeProblem)));
    downloadText(`takedown-reports-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.csv`, csv, 'text/csv');
  }

  const selected = rows.filter((row) => row.selected && row.phase === 'idle').length;
  const evidenceNames = useMemo(() => (source && source.openAs !== 'emails' ? source.files.map((file) => file.name) : []), [source]);
  const sendsEvidence = pageEvidence ? pageEvidence.evidence().files.length > 0 : evidenceNames.length > 0;
  if (source === undefined)
    return (
      <main class="page review">
        <p class="status status-pending">{i18n.t('review.loading')}</p>
      </main>
    );

  const title = source?.selectionText ? 'review.title_selection' : forEmail || emails.length > 0 ? 'review.title_email' : 'review.title_bulk';
  return (
    <main
      class="page review"
      onDragOver={(event) => {
        if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
      }}
      onDrop={(event) => {
        const files = [...(event.dataTransfer?.files ?? [])];
        if (files.length === 0) return;
        // Dropped files are opened, never shown by the browser in place of the window.
        event.preventDefault();
        if (!started) void openFiles(files);
      }}
    >
      <header class="page-header">
        <img src="/icon/48.png" alt="" width={28} height={28} />
        <h1>{i18n.t(title)}</h1>
      </header>
      {connection === null && <ProblemMessage problem={{ kind: 'not_configured' }} extra={fixLink({ kind: 'not_configured' })} />}
      {sourceId && source === null && <ProblemMessage problem={{ kind: 'report_missing' }} />}
      <WebmailSection tabId={webmailTabId} emails={{ emails, addEmails, removeEmail }} disabled={started} />
      <ReviewFiles disabled={started} focusFirst={forEmail} problems={emailProblems(emails)} onFiles={(files) => void openFiles(files)} />
      <EmailSection emails={emails} locked={started} onRemove={removeEmail} />
      <ReviewText text={text} emailReview={forEmail || emails.length > 0} disabled={started} onText={setText} />
      {pageEvidence && <SelectionEvidence state={pageEvidence} disabled={started} />}
      {!pageEvidence && evidenceNames.length > 0 && <p class="hint">{i18n.t('review.evidence', [evidenceNames.join(', ')])}</p>}
      {!indicators && <p class="status status-pending">{i18n.t('review.loading')}</p>}
      {indicators && rows.length === 0 && text.trim() !== '' && <p class="problem">{i18n.t('review.none_found')}</p>}
      {rows.length > 0 && (
        <ul class="review-rows" aria-label={i18n.t('review.rows_label')}>
          {rows.map((row, index) => (
            <ReviewRow
              key={`${index}-${row.found.text}`}
              row={row}
              index={index}
              comment={comment}
              disabled={running}
              hasEvidence={row.email !== undefined || sendsEvidence}
              onToggle={(value) => update(index, { selected: value })}
              onAction={(action) => update(index, { action })}
              onReport={(report) => update(index, { report })}
              onFollowedUp={(kind) => followedUp(index, kind)}
            />
          ))}
        </ul>
      )}
      {reading.hadNotRecognised && <NotRecognisedList items={reading.notRecognised} disabled={started} check={reading.check} onAdd={reading.add} />}
      <div class="field">
        <label for="review-comment">{i18n.t('report.form.comment')}</label>
        <textarea id="review-comment" rows={2} value={comment} disabled={running} onInput={(event) => setComment(event.currentTarget.value)} />
      </div>
      {connection && <ClientPicker id="review-client" clients={connection.clients} value={clientId} onChange={setClientId} />}
      <div class="actions">
        <FocusableButton type="button" class="primary" unavailable={running || selected === 0 || !connection} onClick={() => void reportAll()}>
          {i18n.t('review.report_n', [String(selected)])}
        </FocusableButton>
        {started && (
          <button type="button" disabled={running} onClick={exportCsv}>
            {i18n.t('review.export')}
          </button>
        )}
        {started && !running && (
          <button
            type="button"
            onClick={() => {
              setRows(freshRows());
              // This button goes with the results: the focus goes back to the list.
              focusTextSoon();
            }}
          >
            {i18n.t('review.start_over')}
          </button>
        )}
      </div>
      {started && (
        <p class="status review-tally" role="status" aria-live="polite">
          {tallyWords(tallyOf(rows), running)}
        </p>
      )}
    </main>
  );
}
