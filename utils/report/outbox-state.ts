import type { ReportOutcome } from '../api/schemas/report';
import type { Problem } from '../problems/kinds';
import type { OutboxReport, ReportState } from '../storage/report-types';

// The outbox's state machine, pure. A report whose request may have reached
// the service is never sent again without the user: only `queued` (provably
// never left) is sent on its own.

const MOVES: Readonly<Record<ReportState, readonly ReportState[]>> = {
  // Sent, or the subject was already an incident and the user followed that one up instead.
  draft: ['queued', 'duplicate'],
  queued: ['sending'],
  sending: ['sent', 'duplicate', 'failed', 'unknown'],
  // The user sends it again.
  failed: ['queued'],
  // The user sends it again, or a check finds the incident (sent, duplicate) or finds none (failed).
  unknown: ['queued', 'sent', 'duplicate', 'failed'],
  sent: [],
  duplicate: [],
};

/** True when a report may move from one state to the other. */
export function canMove(from: ReportState, to: ReportState): boolean {
  return MOVES[from].includes(to);
}

/** The state a report is in after the service worker restarted: a request in flight died with it, so its fate is unknown. */
export function stateAfterRestart(state: ReportState): ReportState {
  return state === 'sending' ? 'unknown' : state;
}

/**
 * The state a 2xx answer puts a report in: received (`sent`), whether its id
 * could be read or not — the spec's subject lookup is not an idempotency
 * check, so a lookup that finds nothing never makes a 2xx "not received".
 */
export function stateForOutcome(outcome: ReportOutcome): 'sent' | 'duplicate' {
  return outcome.status === 'possible_duplicate' ? 'duplicate' : 'sent';
}

/** A report the service received (2xx) whose incident id could not be read, and that no lookup has linked yet. */
export function isUnconfirmedReceipt(report: Pick<OutboxReport, 'state' | 'outcome' | 'incident'>): boolean {
  return report.state === 'sent' && report.outcome?.status === 'unconfirmed' && !report.incident?.id;
}

/** Gateway answers: the service behind the gateway may have stored the report before it failed. */
const GATEWAY_STATUSES: readonly (number | undefined)[] = [502, 503, 504];

/**
 * The state a failed request puts a report in: 409 is a duplicate; a timeout
 * (ours, or a gateway's), a dropped connection, a gateway's 502/503/504 or an
 * unreadable answer may hide a stored incident (unknown: checked by its
 * subject, never sent again by itself — the spec's duplicate rules); anything
 * refused before the body was read (401, 429, 400, 413, 500, a redirect) is
 * failed, safe to send again.
 */
export function stateForProblem(problem: Problem): 'duplicate' | 'unknown' | 'failed' {
  if (problem.kind === 'duplicate') return 'duplicate';
  if (problem.kind === 'timeout' || problem.kind === 'network' || problem.kind === 'unexpected_response') return 'unknown';
  if (problem.kind === 'server_error' && GATEWAY_STATUSES.includes(problem.status)) return 'unknown';
  return 'failed';
}

/** States the user can send again from, with one click. */
export const RESENDABLE: readonly ReportState[] = ['failed', 'unknown'];
