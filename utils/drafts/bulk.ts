import Papa from 'papaparse';
import { spreadsheetCsv } from './spreadsheet-csv';

// Bulk lists: a dropped .csv is read cell by cell (a comma is not part of a
// URL there), and results export as CSV that a spreadsheet opens safely.

/** The text to search for indicators in a dropped or picked list file: a CSV's cells one per line; anything else as it is. */
export function listFileText(fileName: string, content: string): string {
  if (!fileName.toLowerCase().endsWith('.csv')) return content;
  const parsed = Papa.parse<string[]>(content, { skipEmptyLines: true });
  return parsed.data
    .flat()
    .map((cell) => cell.trim())
    .filter(Boolean)
    .join('\n');
}

/** One row of the exported results. */
export interface ResultRow {
  indicator: string;
  type: string;
  action: string;
  result: string;
  incidentId: string;
  incidentStatus: string;
  dashboardUrl: string;
  message: string;
}

/** The results as CSV with a header; cells that a spreadsheet would run as formulas are neutralised. */
export function resultsCsv(rows: readonly ResultRow[]): string {
  return spreadsheetCsv(
    ['indicator', 'type', 'action', 'result', 'incident_id', 'incident_status', 'dashboard_url', 'message'],
    rows.map((row) => [row.indicator, row.type, row.action, row.result, row.incidentId, row.incidentStatus, row.dashboardUrl, row.message]),
  );
}
