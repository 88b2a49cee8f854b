import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { watchReportChanges } from '@/utils/report/changes';
import type { OutboxReport } from '@/utils/report/types';
import { deleteReport, listReports } from '@/utils/storage/reports-db';
import { describeProblem } from '@/utils/messaging/problem-text';
import { resultsCsv } from '@/utils/report/bulk';
import { incidentStatusLabel } from '@/utils/status/status-text';
import { indicatorTypeLabel } from '../report/labels';
import { ReportResult } from '../report/report-result';
import { downloadText } from '../ui/download';
import { filterReports } from './history-filter';

/** Downloads the listed reports as CSV (formulas neutralised). */
function exportReports(reports: readonly OutboxReport[]): void {
  const csv = resultsCsv(
    reports.map((report) => ({
      indicator: report.subject.value,
      type: report.subject.type,
      action: report.action,
      result: report.state,
      incidentId: report.incident?.id ?? '',
      incidentStatus: report.incident?.status ? incidentStatusLabel(report.incident.status) : '',
      dashboardUrl: report.incident?.dashboardUrl ?? '',
      message: report.lastProblem ? describeProblem(report.lastProblem) : '',
    })),
  );
  downloadText(`takedown-reports-${new Date().toISOString().slice(0, 10)}.csv`, csv, 'text/csv');
}

/** Reports shown: all but unsent drafts. */
const SHOWN = ['queued', 'sending', 'sent', 'duplicate', 'failed', 'unknown'] as const;
/** Rows listed at first; the rest behind "show more". */
const PAGE = 25;

/** The local report history, newest first, following every change live; failed and unknown reports can be checked or sent again. */
export function ReportHistory(): JSX.Element {
  const [reports, setReports] = useState<OutboxReport[] | null>(null);
  const [shown, setShown] = useState(PAGE);
  const [text, setText] = useState('');
  const [attentionOnly, setAttentionOnly] = useState(false);
  useEffect(() => {
    const load = () => void listReports(SHOWN).then(setReports);
    load();
    return watchReportChanges(load);
  }, []);
  // A notification opened this page on one report (#report-<id>): show it once, even past the first rows.
  const target = location.hash.startsWith('#report-') ? location.hash.slice('#report-'.length) : null;
  const scrolled = useRef(false);
  useEffect(() => {
    if (!reports || !target || scrolled.current) return;
    const index = reports.findIndex((report) => report.id === target);
    if (index >= shown) return setShown(index + 1);
    scrolled.current = true;
    document.getElementById(`report-${target}`)?.scrollIntoView({ block: 'center' });
  }, [reports, shown, target]);

  if (!reports) return <p class="status status-pending">{i18n.t('history.loading')}</p>;
  if (reports.length === 0) return <p class="hint">{i18n.t('history.empty')}</p>;
  const waiting = reports.filter((report) => report.state === 'failed' || report.state === 'unknown').length;
  const listed = filterReports(reports, { text, states: attentionOnly ? ['failed', 'unknown'] : [] });
  return (
    <div>
      {waiting > 0 && (
        <p class="problem" role="status">
          {i18n.t('history.waiting', [String(waiting)])}
        </p>
      )}
      <div class="history-tools">
        <div class="field">
          <label for="history-search">{i18n.t('history.search')}</label>
          <input id="history-search" type="search" value={text} onInput={(event) => setText(event.currentTarget.value)} />
        </div>
        <div class="toggle">
          <input id="history-attention" type="checkbox" checked={attentionOnly} onChange={(event) => setAttentionOnly(event.currentTarget.checked)} />
          <label for="history-attention">{i18n.t('history.attention_only')}</label>
        </div>
        <button type="button" class="link-button" disabled={listed.length === 0} onClick={() => exportReports(listed)}>
          {i18n.t('history.export', [String(listed.length)])}
        </button>
      </div>
      {listed.length === 0 && <p class="hint">{i18n.t('history.none_match')}</p>}
      <ol class="history">
        {listed.slice(0, shown).map((report) => (
          <li key={report.id} id={`report-${report.id}`} class={`history-item${report.id === target ? ' history-target' : ''}`}>
            <p class="history-subject">
              <span class="type-tag">{indicatorTypeLabel(report.subject.type)}</span> <code>{report.subject.value}</code>
            </p>
            <p class="hint">
              {i18n.t(`report.action.${report.action}`)} · {new Date(report.createdAt).toLocaleString()}
              {report.fields.clientId ? ` · ${report.fields.clientId}` : ''}
              {report.followUps?.length ? ` · ${report.followUps.map((kind) => i18n.t(`history.follow_up.${kind}`)).join(', ')}` : ''}
              {report.filesPrunedAt ? ` · ${i18n.t('history.pruned')}` : ''}
            </p>
            <ReportResult report={report} />
            {report.state !== 'sending' && (
              <button
                type="button"
                class="link-button"
                aria-label={i18n.t('history.delete_label', [report.subject.value])}
                onClick={() => {
                  if (confirm(i18n.t('history.delete_confirm'))) void deleteReport(report.id).then(() => setReports((all) => all?.filter((kept) => kept.id !== report.id) ?? null));
                }}
              >
                {i18n.t('history.delete')}
              </button>
            )}
          </li>
        ))}
      </ol>
      {listed.length > shown && (
        <button type="button" class="link-button" onClick={() => setShown(shown + PAGE)}>
          {i18n.t('history.more', [String(listed.length - shown)])}
        </button>
      )}
    </div>
  );
}
