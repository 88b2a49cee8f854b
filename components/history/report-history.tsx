import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { watchReportChanges } from '@/utils/report/changes';
import type { OutboxReport } from '@/utils/report/types';
import { deleteReport, listReports } from '@/utils/storage/reports-db';
import { indicatorTypeLabel } from '../report/labels';
import { ReportResult } from '../report/report-result';

/** Reports shown: all but unsent drafts. */
const SHOWN = ['queued', 'sending', 'sent', 'duplicate', 'failed', 'unknown'] as const;
/** Rows listed at first; the rest behind "show more". */
const PAGE = 25;

/** The local report history, newest first, following every change live; failed and unknown reports can be checked or sent again. */
export function ReportHistory(): JSX.Element {
  const [reports, setReports] = useState<OutboxReport[] | null>(null);
  const [shown, setShown] = useState(PAGE);
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
  return (
    <div>
      {waiting > 0 && (
        <p class="problem" role="status">
          {i18n.t('history.waiting', [String(waiting)])}
        </p>
      )}
      <ol class="history">
        {reports.slice(0, shown).map((report) => (
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
      {reports.length > shown && (
        <button type="button" class="link-button" onClick={() => setShown(shown + PAGE)}>
          {i18n.t('history.more', [String(reports.length - shown)])}
        </button>
      )}
    </div>
  );
}
