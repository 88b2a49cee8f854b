import type { FoundIndicator } from '@/utils/indicators/find';
import type { Problem } from '@/utils/problems/kinds';
import type { FoundIncident } from '@/utils/incidents/find';
import type { OutboxReport, ReportAction } from '@/utils/storage/report-types';
import type { ResultRow } from '@/utils/report/bulk';
import { incidentStatusWords } from '@/utils/incidents/incident-words';

/** Where one row of the review is. */
type RowPhase = 'idle' | 'checking' | 'sending' | 'exists' | 'done';

/** One indicator of the review window and what became of it. */
export interface ReviewRowState {
  found: FoundIndicator;
  selected: boolean;
  action: ReportAction;
  phase: RowPhase;
  /** The incident the lookup found: not reported again, followed up instead. */
  existing?: FoundIncident;
  /** Why the lookup could not tell (the report is sent anyway: a duplicate still comes back as one). */
  lookupProblem?: Problem;
  /** Why it could not be handed to the background (it can be reported again). */
  problem?: Problem;
  /** The draft written for it (evidence for "attach", the report sent). */
  draftId?: string;
  report?: OutboxReport;
}

/**
 * Rows for what the text holds: valid indicators ticked, those with a warning
 * (a private or reserved IPv4) left for the user to tick, invalid ones shown
 * with their message and not tickable.
 */
export function rowsFor(found: readonly FoundIndicator[], action: ReportAction): ReviewRowState[] {
  return found.map((indicator) => ({
    found: indicator,
    selected: indicator.check.ok && indicator.check.indicator.warnings.length === 0,
    action,
    phase: 'idle',
  }));
}

/** Counts for the progress line: rows ticked, and rows settled. */
export function progressOf(rows: readonly ReviewRowState[]): { total: number; settled: number } {
  const chosen = rows.filter((row) => row.selected || row.phase !== 'idle');
  return { total: chosen.length, settled: chosen.filter((row) => row.phase === 'done' || row.phase === 'exists').length };
}

/** A row as a line of the exported CSV. */
export function resultRowOf(row: ReviewRowState, describe: (problem: Problem) => string): ResultRow {
  const { check } = row.found;
  const report = row.report;
  const incident = row.existing ?? report?.incident;
  const status = row.existing?.status ?? report?.incident?.status ?? null;
  return {
    indicator: check.ok ? check.indicator.value : row.found.text,
    type: check.ok ? check.indicator.type : (check.type ?? ''),
    action: row.action,
    result: row.phase === 'exists' ? 'existing' : (report?.state ?? (check.ok ? 'not_sent' : 'invalid')),
    incidentId: incident?.id ?? '',
    incidentStatus: incident && status ? incidentStatusWords(status) : '',
    dashboardUrl: report?.incident?.dashboardUrl ?? '',
    message: report?.lastProblem ? describe(report.lastProblem) : check.ok ? '' : describe({ kind: 'invalid_indicator', reason: check.problem }),
  };
}
