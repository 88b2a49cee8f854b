import type { JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { FoundIndicator } from '@/utils/indicators/find';
import { getBackgroundService } from '@/utils/messaging/background-service';
import { describeProblem } from '@/utils/problems/sentences';
import { listFileText, resultsCsv } from '@/utils/report/bulk';
import { buildDraftEdit } from '@/utils/report/draft-edit';
import { lookUpAndSend } from '@/utils/report/look-up-and-send';
import { createDraft } from '@/utils/report/outbox';
import type { OutboxReport, ReportAction } from '@/utils/storage/report-types';
import { getReport } from '@/utils/report/report-store';
import { ClientPicker } from '../reporting/client-picker';
import { downloadText } from '../ui/download';
import { FocusableButton } from '../ui/focusable-button';
import { focusSoon } from '../ui/focus-soon';
import { useSavedConnection } from '../reporting/use-saved-connection';
import { useSettings } from '../reporting/use-settings';
import { ReviewRow } from './review-row';
import { progressOf, resultRowOf, rowsFor, type ReviewRowState } from './review-state';
import { ProblemMessage } from '../ui/problem-message';
import { fixLink } from '../ui/fix-link';

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
export function ReviewApp({ sourceId }: { sourceId: string | null }): JSX.Element {
  const settings = useSettings();
  const connection = useSavedConnection();
  const [source, setSource] = useState<OutboxReport | null | undefined>(sourceId ? undefined : null);
  const [indicators, setIndicators] = useState<Indicators | null>(null);
  const [text, setText] = useState('');
  const [rows, setRows] = useState<ReviewRowState[]>([]);
  const [comment, setComment] = useState('');
  const [clientId, setClientId] = useState('');
  const [running, setRunning] = useState(false);
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  useEffect(() => {
    void loadIndicators().then(setIndicators);
    if (sourceId) {
      void getReport(sourceId).then((found) => {
        setSource(found ?? null);
        if (found?.selectionText) setText(found.selectionText);
      });
    }
  }, [sourceId]);
  useEffect(() => {
    if (settings) setClientId(settings.defaultClientId);
  }, [settings]);

  const defaultAction: ReportAction = source?.action ?? settings?.defaultAction ?? 'tkd';
  const started = rows.some((row) => row.phase !== 'idle');
  // Re-read the text whenever it changes, until reporting starts.
  useEffect(() => {
    if (!indicators || !settings || started) return;
    const found: FoundIndicator[] = indicators.findIndicators(text, settings.phoneCountry ? { defaultCountry: settings.phoneCountry } : {});
    setRows(rowsFor(found, defaultAction));
  }, [text, indicators, settings, defaultAction]);

  const update = (index: number, patch: Partial<ReviewRowState>) => setRows((previous) => previous.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  async function reportAll(): Promise<void> {
    if (!settings) return;
    setRunning(true);
    const service = getBackgroundService().reports;
    for (const [index, row] of rows.entries()) {
      if (!row.selected || row.phase !== 'idle' || !row.found.check.ok) continue;
      const draft = await createDraft({
        ...buildDraftEdit({ indicator: row.found.check.indicator, action: row.action, comment, reporter: settings.reporterEmail, clientId, files: source?.files ?? [] }),
        ...(source?.evidence ? { evidence: source.evidence } : {}),
        origin: 'review',
        ...(source?.tabId !== undefined ? { tabId: source.tabId } : {}),
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

  async function loadFile(file: File): Promise<void> {
    setFileProblem(null);
    if (!/\.(txt|csv)$/i.test(file.name)) {
      setFileProblem(i18n.t('review.file_type', [file.name]));
      return;
    }
    const content = listFileText(file.name, await file.text());
    setText((previous) => (previous.trim() ? `${previous}\n${content}` : content));
  }

  function exportCsv(): void {
    const csv = resultsCsv(rows.map((row) => resultRowOf(row, describeProblem)));
    downloadText(`takedown-reports-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.csv`, csv, 'text/csv');
  }

  const selected = rows.filter((row) => row.selected && row.phase === 'idle').length;
  const progress = progressOf(rows);
  const evidenceNames = useMemo(() => (source?.files ?? []).map((file) => file.name), [source]);
  if (source === undefined)
    return (
      <main class="page review">
        <p class="status status-pending">{i18n.t('review.loading')}</p>
      </main>
    );

  return (
    <main class="page review">
      <header class="page-header">
        <img src="/icon/48.png" alt="" width={28} height={28} />
        <h1>{i18n.t(source?.selectionText ? 'review.title_selection' : 'review.title_bulk')}</h1>
      </header>
      {connection === null && <ProblemMessage problem={{ kind: 'not_configured' }} extra={fixLink({ kind: 'not_configured' })} />}
      {sourceId && source === null && <ProblemMessage problem={{ kind: 'report_missing' }} />}
      <div class="field">
        <label for="review-text">{i18n.t('review.text_label')}</label>
        <textarea
          id="review-text"
          rows={6}
          value={text}
          disabled={started}
          aria-describedby="review-text-hint"
          onInput={(event) => setText(event.currentTarget.value)}
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            const file = event.dataTransfer?.files[0];
            if (!file) return;
            event.preventDefault();
            void loadFile(file);
          }}
        />
        <p id="review-text-hint" class="hint">
          {i18n.t('review.text_hint')}
        </p>
        <label class="file-button">
          {i18n.t('review.load_file')}
          <input
            type="file"
            accept=".txt,.csv,text/plain,text/csv"
            disabled={started}
            aria-describedby={fileProblem ? 'review-file-error' : undefined}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void loadFile(file);
              event.currentTarget.value = '';
            }}
          />
        </label>
        {fileProblem && (
          <p id="review-file-error" class="field-error" role="alert">
            {fileProblem}
          </p>
        )}
      </div>
      {evidenceNames.length > 0 && <p class="hint">{i18n.t('review.evidence', [evidenceNames.join(', ')])}</p>}
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
              hasEvidence={(source?.files.length ?? 0) > 0}
              onToggle={(value) => update(index, { selected: value })}
              onAction={(action) => update(index, { action })}
            />
          ))}
        </ul>
      )}
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
              setRows(
                rowsFor(
                  rows.map((row) => row.found),
                  defaultAction,
                ),
              );
              // This button goes with the results: the focus goes back to the list.
              focusSoon('review-text');
            }}
          >
            {i18n.t('review.start_over')}
          </button>
        )}
      </div>
      {started && (
        <p class="status" role="status" aria-live="polite">
          {i18n.t('review.progress', [String(progress.settled), String(progress.total)])}
        </p>
      )}
    </main>
  );
}
