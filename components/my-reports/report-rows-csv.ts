import { spreadsheetCsv } from '@/utils/drafts/spreadsheet-csv';
import type { Problem } from '@/utils/problems/kinds';
import type { ReportRow } from './report-rows';

/** The exported columns: the status in words, coded values as the service and this extension write them, times in ISO. */
const REPORT_CSV_FIELDS = [
  'status',
  'type',
  'subject',
  'client',
  'action',
  'source',
  'reported_at',
  'last_update',
  'incident_id',
  'report_state',
  'dashboard_url',
  'message',
  /** Why the last status refresh could not read this row's incident (the rest of the row is as last known). */
  'refresh_problem',
] as const;

const isoOf = (time: number | undefined): string => (time === undefined ? '' : new Date(time).toISOString());

/**
 * The rows as CSV with a header, in the order given. As the review window's
 * export (utils/drafts/bulk.ts), cells a spreadsheet would run as formulas
 * (starting with = + - @, tab, return or line feed) get a leading quote.
 */
export function reportRowsCsv(rows: readonly ReportRow[], describeProblem: (problem: Problem) => string): string {
  return spreadsheetCsv(
    REPORT_CSV_FIELDS,
    rows.map((row) => [
      row.labels.status,
      row.type ?? '',
      row.subject ?? '',
      row.clientId ?? '',
      row.action ?? '',
      row.source ?? '',
      isoOf(row.reportedAt),
      isoOf(row.updatedAt),
      row.incidentId ?? '',
      row.report?.state ?? '',
      row.dashboardUrl ?? '',
      row.report?.lastProblem ? describeProblem(row.report.lastProblem) : '',
      row.refreshProblem ? describeProblem(row.refreshProblem) : '',
    ]),
  );
}
