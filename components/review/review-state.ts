import type { FoundIndicator } from '@/utils/indicators/find';
import type { EmailFinding, FoundWhere } from '@/utils/email/email-types';
import type { PickReason } from '@/utils/email/email-pick';
import type { Problem } from '@/utils/problems/kinds';
import type { FoundIncident } from '@/utils/incidents/incident-lookup';
import type { OutboxReport, ReportAction } from '@/utils/storage/report-types';
import type { ResultRow } from '@/utils/drafts/bulk';
import { incidentStatusWords } from '@/utils/incidents/incident-words';

/** Where one row of the review is. */
type RowPhase = 'idle' | 'checking' | 'sending' | 'exists' | 'done';

/** One indicator of the review window and what became of it. */
export interface ReviewRowState {
  found: FoundIndicator;
  /** Read from an email (its key in the review window): where in it, and the email is its evidence. */
  email?: { key: string; where: FoundWhere[]; unwrappedFrom?: string; reason?: PickReason };
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

/**
 * Rows for what an email holds, ticked as the analysis picked them
 * (utils/email/default-pick.ts: the sender's own addresses, the pages the
 * reader sees, the lookalike domains; never the brand it imitates, a link the
 * reader never sees or the organisation's own), with the reason shown when
 * one is left unticked for a reason the user must know.
 */
export function emailRowsFor(findings: readonly EmailFinding[], action: ReportAction, key: string): ReviewRowState[] {
  return findings.map(({ where, unwrappedFrom, pick, ...found }) => ({
    found,
    email: { key, where, ...(unwrappedFrom ? { unwrappedFrom } : {}), ...(pick?.reason ? { reason: pick.reason } : {}) },
    selected: pick?.ticked ?? false,
    action,
    phase: 'idle',
  }));
}

/** What makes two rows the same indicator. */
function rowKey(row: ReviewRowState): string {
  const { check } = row.found;
  return check.ok ? `${check.indicator.type} ${check.indicator.value}` : `? ${row.found.text}`;
}

/**
 * The review's rows from the emails' and the text's, each indicator once (the
 * first email it was found in is its evidence); a row the user had already
 * ticked, unticked or set an action on keeps what they chose.
 */
export function mergeRows(previous: readonly ReviewRowState[], ...sources: (readonly ReviewRowState[])[]): ReviewRowState[] {
  const before = new Map(previous.map((row) => [rowKey(row), row]));
  const seen = new Set<string>();
  const merged: ReviewRowState[] = [];
  for (const row of sources.flat()) {
    const key = rowKey(row);
    if (seen.has(key)) continue;
    seen.add(key);
    const old = before.get(key);
    merged.push(old ? { ...row, selected: old.selected, action: old.action } : row);
  }
  return merged;
}

/** Counts for the progress line: rows ticked, and rows settled. */
export function reviewProgress(rows: readonly ReviewRowState[]): { total: number; settled: number } {
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
