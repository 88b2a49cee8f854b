import type { JSX } from 'preact';
import { useCallback, useMemo } from 'preact/hooks';
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

/** The words every row shows, asked once per page: a keystroke's rows asked each of them again (issue 43). */
let words: { missing: string; open: string; dashboard: string; delete: string } | undefined;
function rowWords(): NonNullable<typeof words> {
  return (words ??= { missing: i18n.t('my_reports.missing'), open: i18n.t('my_reports.open'), dashboard: i18n.t('my_reports.dashboard'), delete: i18n.t('my_reports.delete') });
}

function Time({ at }: { at: number | undefined }): JSX.Element {
  if (at === undefined) return <>{rowWords().missing}</>;
  const { iso, text } = writtenTime(at);
  return <time dateTime={iso}>{text}</time>;
}

/** What else is known of a report: its incident, what was done on it, evidence deleted. */
function notesOf({ report, incidentId }: ReportRow): string {
  return [
    incidentId ? i18n.t('my_reports.incident', [incidentId]) : '',
    ...(report?.followUps ?? []).map((kind) => i18n.t(`my_reports.follow_up.${kind}`)),
    report?.filesPrunedAt ? i18n.t('my_reports.pruned') : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A row's own sentences: notes and the labels of its links and button. */
interface RowTexts {
  subject?: string;
  notes: string;
  openLabel?: string;
  dashboardLabel?: string;
  deleteLabel?: string;
}

/** Each row's sentences, made once while its data stays the same: a row shown again is not put in words again. */
const texts = new WeakMap<ReportRow, RowTexts>();

function rowTexts(row: ReportRow): RowTexts {
  let made = texts.get(row);
  if (!made) {
    const { report, incidentId } = row;
    made = {
      subject: row.subject && revealInvisible(row.subject),
      notes: notesOf(row),
      openLabel: incidentId && i18n.t('my_reports.open_label', [incidentId]),
      dashboardLabel: incidentId && isWebLink(row.dashboardUrl) ? i18n.t('my_reports.dashboard_label', [incidentId]) : undefined,
      deleteLabel: report && report.state !== 'sending' ? i18n.t('my_reports.delete_label', [report.subject.value]) : undefined,
    };
    texts.set(row, made);
  }
  return made;
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
    // Keyed by the report: its state (a send again under way) stays with it when the row's element shows another (issue 43).
    return (
      <>
        <ReportResult key={report.id} report={report} />
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

/** A row's cells. */
function RowCells({ row, onDelete }: { row: ReportRow; onDelete(row: ReportRow): void }): JSX.Element {
  const { missing, ...word } = rowWords();
  const { incidentId } = row;
  const { subject, notes, openLabel, dashboardLabel, deleteLabel } = rowTexts(row);
  return (
    <>
      <td>
        <StatusCell row={row} />
      </td>
      <td>{row.labels.type ?? missing}</td>
      <td class="report-subject">
        {subject ? <code>{subject}</code> : missing}
        {notes ? <span class="hint row-note">{notes}</span> : null}
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
            <a href={`/incident.html#${encodeURIComponent(incidentId)}`} target="_blank" rel="noopener" aria-label={openLabel}>
              {word.open}
            </a>
          )}
          {dashboardLabel && (
            <a href={row.dashboardUrl} target="_blank" rel="noreferrer noopener" aria-label={dashboardLabel}>
              {word.dashboard}
            </a>
          )}
          {deleteLabel && (
            <button type="button" class="link-button" aria-label={deleteLabel} onClick={() => onDelete(row)}>
              {word.delete}
            </button>
          )}
        </div>
      </td>
    </>
  );
}

/** One row of "My reports"; absent values read "—". */
export function ReportTableRow({ row, index, target, measure, onDelete }: ReportTableRowProps): JSX.Element {
  // Measured again when the element comes to show another report (the table hands a row's element to another after a change of the search).
  const ref = useCallback((element: HTMLTableRowElement | null) => measure(element), [measure, row.key]);
  // The same cells (not diffed) while the row only moves in the list.
  const cells = useMemo(() => <RowCells row={row} onDelete={onDelete} />, [row, onDelete]);
  return (
    <tr ref={ref} data-index={index} aria-rowindex={index + 2} id={row.report ? `report-${row.report.id}` : undefined} class={`report-row${target ? ' report-target' : ''}`}>
      {cells}
    </tr>
  );
}
