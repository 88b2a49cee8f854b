import type { ReportOutcome } from '../api/schemas/report';
import { buildEvidenceRecord, EVIDENCE_RECORD_NAME } from '../evidence/record';
import type { Problem } from '../problems/kinds';
import { accountOf } from '../storage/account-ref';
import { connectionItem } from '../storage/connection';
import { getReport, listReports } from './report-store';
import { changeReport, putReport } from './report-writes';
import type { NewReport } from './outbox-pages';
import { canMove, stateAfterRestart } from './outbox-state';
import type { LinkedIncident, OutboxReport, ReportState } from '../storage/report-types';

// The durable outbox, in the background: every report is written here before
// its request starts, with its evidence, and every move between states is one
// IndexedDB transaction checked against outbox-state.ts. With outbox-pages.ts
// (the drafts a page writes) and outbox-upkeep.ts (deletes, imports, the
// refresh's statuses) it is the one door of the report store's writes
// (.dependency-cruiser.cjs: one-report-door).

/**
 * Writes a new report from the menu or the shortcut with its evidence record,
 * in one write: it has nothing left to edit, so it skips the draft. Online it
 * is written already `sending`, its attempt counted: the one write before its
 * request leaves (written only after the outbox recovered from an earlier
 * worker, which takes a `sending` report for one that died with it); offline,
 * `queued`, to wait for the network. Answers the report as soon as it is
 * made, and `stored`, its write under way: its request is prepared meanwhile,
 * and leaves only once the write is done (send.ts).
 */
export async function createQueued(input: NewReport, sending = false, now: Date = new Date()): Promise<{ report: OutboxReport; stored: Promise<void> }> {
  const at = now.toISOString();
  const [files, connection] = await Promise.all([withEvidenceRecord(input), sending ? connectionItem.getValue() : undefined]);
  const account = accountOf(connection);
  const started = sending ? { sentAt: at, state: 'sending' as const, attempts: 1, waitingForNetwork: false, ...(account ? { account } : {}) } : { state: 'queued' as const, attempts: 0 };
  const report: OutboxReport = { ...input, files, id: crypto.randomUUID(), createdAt: at, updatedAt: at, ...started };
  return { report, stored: putReport(report) };
}

/** Facts a move may set beside the new state. */
export type ReportPatch = Partial<
  Pick<OutboxReport, 'lastProblem' | 'outcome' | 'incident' | 'waitingForNetwork' | 'files' | 'sentAt' | 'attempts' | 'followUps' | 'account' | 'recordKind' | 'incidentAction'>
>;

/**
 * Moves a report to `to` when the state machine allows it from its current
 * state; answers the report as stored after the move, or null (with nothing
 * changed) when the move is not allowed or the report is gone.
 */
export async function moveReport(id: string, to: ReportState, patch: ReportPatch = {}, now: Date = new Date()): Promise<OutboxReport | null> {
  let moved = false;
  const result = await changeReport(id, (current) => {
    if (!canMove(current.state, to)) return undefined;
    moved = true;
    return { ...current, ...patch, state: to, updatedAt: now.toISOString() };
  });
  return moved && result ? result : null;
}

/**
 * Queues a draft: writes its evidence record (where and how the page was
 * seen, and the SHA-256 of every other file) and moves it to `queued`.
 */
export async function queueDraft(id: string, now: Date = new Date()): Promise<OutboxReport | null> {
  const draft = await getReport(id);
  // moveReport refuses anything but a draft.
  if (!draft) return null;
  return moveReport(id, 'queued', { files: await withEvidenceRecord(draft) }, now);
}

/**
 * A report's files with a fresh evidence record last (when its capture
 * context is known). The reporter named is the one the report is sent as.
 */
export async function withEvidenceRecord(report: Pick<OutboxReport, 'files' | 'evidence' | 'fields'>): Promise<OutboxReport['files']> {
  const files = report.files.filter((file) => file.role !== 'record');
  if (!report.evidence) return files;
  const { reporter: _captured, ...context } = report.evidence;
  const reporter = report.fields.reportedBy;
  const record = await buildEvidenceRecord({ ...context, ...(reporter ? { reporter } : {}) }, files);
  return [...files, { name: EVIDENCE_RECORD_NAME, type: record.type, blob: record, role: 'record' }];
}

/** Starts a queued report's request: one more attempt, stamped. Null when it is not queued (never sent twice). */
export async function startSending(id: string, now: Date = new Date()): Promise<OutboxReport | null> {
  const account = accountOf(await connectionItem.getValue());
  // The attempt is counted in the same transaction as the move: one write before the request leaves.
  let moved = false;
  const result = await changeReport(id, (current) => {
    if (!canMove(current.state, 'sending')) return undefined;
    moved = true;
    const at = now.toISOString();
    return { ...current, attempts: current.attempts + 1, sentAt: at, waitingForNetwork: false, ...(account ? { account } : {}), state: 'sending', updatedAt: at };
  });
  return moved && result ? result : null;
}

/** Settles a sent request with the service's 2xx answer. */
export function settleWithOutcome(id: string, to: ReportState, outcome: ReportOutcome, incident?: LinkedIncident, now?: Date) {
  return moveReport(id, to, { outcome, lastProblem: undefined, ...(incident ? { incident } : {}) }, now);
}

/** Settles a request that failed, keeping the report and its evidence. */
export function settleWithProblem(id: string, to: ReportState, problem: Problem, now?: Date) {
  return moveReport(id, to, { lastProblem: problem }, now);
}

/**
 * Marks a queued report as waiting for the network, read and written in one
 * transaction: a move made meanwhile by another caller (its send started) is
 * never written over. Undefined when it is not queued, or marked already.
 */
export async function markWaitingForNetwork(id: string): Promise<OutboxReport | undefined> {
  let marked = false;
  const result = await changeReport(id, (current) => {
    if (current.state !== 'queued' || current.waitingForNetwork) return undefined;
    marked = true;
    return { ...current, waitingForNetwork: true, lastProblem: { kind: 'offline' } };
  });
  return marked ? result : undefined;
}

/**
 * After the service worker started: a report left `sending` died with the
 * previous worker, so it becomes `unknown` (never resent on its own).
 * Answers the reports it changed.
 */
export async function recoverAfterRestart(now: Date = new Date()): Promise<OutboxReport[]> {
  const inFlight = await listReports(['sending']);
  const changed: OutboxReport[] = [];
  for (const report of inFlight) {
    const to = stateAfterRestart(report.state);
    const moved = await moveReport(report.id, to, { lastProblem: { kind: 'interrupted' } }, now);
    if (moved) changed.push(moved);
  }
  return changed;
}

/** Attaches what a later lookup found (and follow-ups done on it) to a report, whatever its state. */
export async function linkIncident(id: string, incident: LinkedIncident, extra: Pick<OutboxReport, 'followUps'> = {}, now: Date = new Date()): Promise<OutboxReport | undefined> {
  return changeReport(id, (current) => ({ ...current, ...extra, incident, updatedAt: now.toISOString() }));
}
