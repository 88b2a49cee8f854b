import type { FoundIndicator } from '@/utils/indicators/find';
import type { EmailFinding, FoundWhere } from '@/utils/email/email-types';
import type { PickReason } from '@/utils/email/email-pick';
import { defaultActionOf } from '@/utils/email/default-action';
import type { Problem } from '@/utils/problems/kinds';
import type { FoundIncident } from '@/utils/incidents/find-incident';
import type { FollowUp } from '@/utils/report/report-service';
import type { OutboxReport, ReportAction } from '@/utils/storage/report-types';
import type { ResultRow } from '@/utils/drafts/bulk';
import { incidentStatusWords } from '@/utils/incidents/incident-words';
import { hopRoles, type HopRole } from '@/utils/indicators/hop-roles';
import type { IndicatorCheck } from '@/utils/indicators/types';

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
  /** What the user did on that incident from the row (commented, attached, asked for its takedown). */
  followedUp?: FollowUp['kind'][];
  /** Why the lookup could not tell (the report is sent anyway: a duplicate still comes back as one). */
  lookupProblem?: Problem;
  /** Why it could not be handed to the background (it can be reported again). */
  problem?: Problem;
  /** The draft written for it (evidence for "attach", the report sent). */
  draftId?: string;
  report?: OutboxReport;
  /** An address on the way the browser took to the reported page (issue 41): its role, and its step of how many. */
  way?: { role: HopRole; step: number; of: number };
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

/** Rows for what the user added from the "Not recognised" list: chosen by them, so ticked, even with a warning. */
export function addedRowsFor(found: readonly FoundIndicator[], action: ReportAction): ReviewRowState[] {
  return rowsFor(found, action).map((row) => ({ ...row, selected: row.found.check.ok }));
}

/**
 * Rows for what an email holds, ticked as the analysis picked them
 * (utils/email/default-pick.ts: the sender's own addresses, the pages the
 * reader sees, the lookalike domains; never the brand it imitates, a link the
 * reader never sees or the organisation's own), with the reason shown when
 * one is left unticked for a reason the user must know; each with the action
 * its kind starts with (utils/email/default-action.ts: monitoring for the
 * sending server, a phone, a free-mail address; `action`, the settings', else).
 */
export function emailRowsFor(findings: readonly EmailFinding[], action: ReportAction, key: string): ReviewRowState[] {
  return findings.map(({ where, unwrappedFrom, pick, ...found }) => ({
    found,
    email: { key, where, ...(unwrappedFrom ? { unwrappedFrom } : {}), ...(pick?.reason ? { reason: pick.reason } : {}) },
    selected: pick?.ticked ?? false,
    action: defaultActionOf({ check: found.check, where }, action),
    phase: 'idle',
  }));
}

/**
 * Rows for the way the browser took to the page a menu report opened the
 * review window on (issue 41): the page reached ticked, each address that sent
 * the browser on listed with its role for the user to tick. None when the
 * browser went straight there, or nothing was recorded.
 */
export function chainRowsFor(source: Pick<OutboxReport, 'evidence'> | null | undefined, action: ReportAction, check: (text: string) => IndicatorCheck): ReviewRowState[] {
  const navigation = source?.evidence?.navigation;
  if (navigation?.state !== 'recorded' || navigation.chain.hops.length < 2) return [];
  const { hops } = navigation.chain;
  const roles = hopRoles(hops);
  return hops.map(({ url }, index) => {
    const found = { text: url, check: check(url) };
    return { found, selected: found.check.ok && roles[index] === 'page', action, phase: 'idle', way: { role: roles[index]!, step: index + 1, of: hops.length } };
  });
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

/**
 * What became of the rows the user reported, for the line under them: each
 * count a sentence of its own (tally-words.ts), so an existing incident still
 * waiting for the user is never counted as done (issue 44).
 */
export interface ReviewTally {
  /** The service created an incident. */
  sent: number;
  /** The service already had it (409, or 200 without an id). */
  duplicate: number;
  /** Kept to send once the service can be reached. */
  queued: number;
  /** Being looked up or sent now. */
  working: number;
  /** Ticked and waiting for its turn (while the reports go out). */
  toGo: number;
  /** Refused, or not handed to the background: to send again. */
  failed: number;
  /** May have reached the service: to check. */
  toCheck: number;
  /** Already an incident: waits for the user to comment, attach or ask for its takedown. */
  decide: number;
  /** Already an incident the user followed up. */
  followedUp: number;
}

/** The tally's entry a row counts in; none for a row never reported. */
function tallyEntry(row: ReviewRowState): keyof ReviewTally | null {
  if (row.phase === 'checking' || row.phase === 'sending') return 'working';
  if (row.phase === 'exists') return (row.followedUp?.length ?? 0) > 0 ? 'followedUp' : 'decide';
  if (row.phase === 'idle') return row.problem && row.draftId ? 'failed' : row.selected ? 'toGo' : null;
  switch (row.report?.state) {
    case 'sent':
    case 'duplicate':
    case 'queued':
    case 'failed':
      return row.report.state;
    case 'unknown':
      return 'toCheck';
    default:
      return 'working';
  }
}

/** Counts the rows by what became of them, for the line under them. */
export function tallyOf(rows: readonly ReviewRowState[]): ReviewTally {
  const tally: ReviewTally = { sent: 0, duplicate: 0, queued: 0, working: 0, toGo: 0, failed: 0, toCheck: 0, decide: 0, followedUp: 0 };
  for (const row of rows) {
    const entry = tallyEntry(row);
    if (entry) tally[entry] += 1;
  }
  return tally;
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
