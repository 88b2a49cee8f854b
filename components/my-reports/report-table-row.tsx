import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { ReportRow } from '@/components/my-reports/report-rows';
import { ReportResult } from '../reporting/report-result';
import { rowTone } from './row-labels';
import { revealInvisible } from '@/utils/indicators/invisible';
import { isWebLink } from '@/utils/indicators/web-link';
import { messageLocale } from '@/utils/i18n/locale';
import { describeProblem } from '@/utils/problems/sentences';
import { reportStateWords } from '@/utils/incidents/incident-words';

interface ReportTableRowProps {
  row: ReportRow;
  /** Its place in the listed rows, for the virtualizer (`data-index`) and assistive tech (`aria-rowindex`, after the header). */
  index: number;
  /** The row a notification opened the page on. */
  target: boolean;
  measure(element: HTMLTableRowElement | null): void;
  onDelete(row: ReportRow): void;
}

const dateTime = new Intl.DateTimeFormat(messageLocale(), { dateStyle: 'medium', timeStyle: 'short' });

/** Times as written, each formatted once: a keystroke's new rows mostly show times written before (issue 43). */
const written = new Map<number, { iso: string; text: string }>();
/** Enough for the rows of a few searches; the oldest go first. */
const WRITTEN_KEPT = 2_000;

function writtenTime(at: number): { iso: string; text: string } {
  let time = written.get(at);
  if (!time) {
    if (written.size >= WRITTEN_KEPT) written.delete(written.keys().next().value!);
    const date = new Date(at);
    written.set(at, (time = { iso: date.toISOString(), text: dateTime.format(date) }));
  }
  return time;
}

function Time({ at }: { at: number | undefined }): JSX.Element {
  if (at === undefined) return <>{i18n.t('my_reports.missing')}</>;
  const { iso, text } = writtenTime(at);
  return <time dateTime={iso}>{text}</time>;
}

/** What else is known of a report: its incident, what was done on it, evidence deleted. */
function notesOf({ report, incidentId }: ReportRow): string[] {
  return [
    incidentId ? i18n.t('my_reports.incident', [incidentId]) : '',
    ...(report?.followUps ?? []).map((kind) => i18n.t(`my_reports.follow_up.${kind}`)),
    report?.filesPrunedAt ? i18n.t('my_reports.pruned') : '',
  ].filter(Boolean);
}

/**
 * A row's status: the service's once known, in the same words as the incident
 * view, else the report's own state in this browser; a state that adds to the
 * service's status (a duplicate) under it; a failed or unknown one with "check" and "send again".
 */
function StatusCell({ row }: { row: ReportRow }): JSX.Element {
  const { report, refreshProblem } = row;
  // The status shown is the one known before: say why it was not renewed (issue 19).
  const stale = refreshProblem && <span class="problem row-note refresh-problem">{i18n.t('my_reports.not_refreshed', [describeProblem(refreshProblem)])}</span>;
  if (report && row.needsAttention) {
    return (
      <>
        <ReportResult report={report} />
        {stale}
      </>
    );
  }
  return (
    <div data-report-state={report?.state}>
      <span class={`status-chip tone-${rowTone(row.status)}`}>{row.labels.status}</span>
      {report && report.state !== 'sent' && row.status.startsWith('incident:') && <span class="hint row-note">{reportStateWords(report.state)}</span>}
      {stale}
    </div>
  );
}

/** One row of "My reports"; absent values read "—". */
export function ReportTableRow({ row, index, target, measure, onDelete }: ReportTableRowProps): JSX.Element {
  const missing = i18n.t('my_reports.missing');
  const { report, incidentId } = row;
  const notes = notesOf(row);
  return (
    <tr ref={measure} data-index={index} aria-rowindex={index + 2} id={report ? `report-${report.id}` : undefined} class={`report-row${target ? ' report-target' : ''}`}>
      <td>
        <StatusCell row={row} />
      </td>
      <td>{row.labels.type ?? missing}</td>
      <td class="report-subject">
        {row.subject ? <code>{revealInvisible(row.subject)}</code> : missing}
        {notes.length > 0 && <span class="hint row-note">{notes.join(' · ')}</span>}
      </td>
      <td>{row.labels.client ?? missing}</td>
      <td>{row.labels.action ?? missing}</td>
      <td>{row.labels.source ?? missing}</td>
      <td>
        <Time at={row.reportedAt} />
      </td>
      <td>
        <Time at={row.updatedAt} />
      </td>
      <td>
        <div class="row-actions">
          {incidentId && (
            <a href={`/incident.html#${encodeURIComponent(incidentId)}`} target="_blank" rel="noopener" aria-label={i18n.t('my_reports.open_label', [incidentId])}>
              {i18n.t('my_reports.open')}
            </a>
          )}
          {incidentId && isWebLink(row.dashboardUrl) && (
            <a href={row.dashboardUrl} target="_blank" rel="noreferrer noopener" aria-label={i18n.t('my_reports.dashboard_label', [incidentId])}>
              {i18n.t('my_reports.dashboard')}
            </a>
          )}
          {report && report.state !== 'sending' && (
            <button type="button" class="link-button" aria-label={i18n.t('my_reports.delete_label', [report.subject.value])} onClick={() => onDelete(row)}>
              {i18n.t('my_reports.delete')}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
