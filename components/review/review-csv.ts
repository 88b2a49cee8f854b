import { resultsCsv } from '@/utils/drafts/bulk';
import { describeProblem } from '@/utils/problems/sentences';
import { downloadText } from '../ui/download';
import { resultRowOf, type ReviewRowState } from './review-state';

/** "Export results (CSV)": one line per row and what became of it, named by the time it was saved. */
export function exportResultsCsv(rows: readonly ReviewRowState[]): void {
  const csv = resultsCsv(rows.map((row) => resultRowOf(row, describeProblem)));
  downloadText(`takedown-reports-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.csv`, csv, 'text/csv');
}
