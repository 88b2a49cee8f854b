// Sending: one queued report posted once and settled (sendQueuedReport), and the queue that sends them one at a time.
import { withLock } from 'superlock';
import type { IncidentApi } from '../api/client';
import type { ReportOutcome } from '../api/schemas/report';
import { isWebLink } from '../indicators/web-link';
import { toProblem, type Problem } from '../problems/kinds';
import { getReport, listReports } from './report-store';
import { lookUpSubject, type LookupApi } from '../incidents/find-incident';
import { usageCacheItem } from '../storage/usage-cache';
import { linkIncident, markWaitingForNetwork, moveReport, settleWithOutcome, settleWithProblem, startSending } from './outbox';
import { isUnconfirmedReceipt, stateForOutcome, stateForProblem } from './outbox-state';
import type { LinkedIncident, OutboxReport } from '../storage/report-types';
import { progressOf } from './progress';

/** The calls sending needs; the connected client satisfies them. */
export type SendApi = Pick<IncidentApi, 'reportForTakedown' | 'reportForMonitoring' | 'getIncident'> & LookupApi;

/** What sending came to: the report as stored after it, or why nothing was sent. */
export type SendResult = { ok: true; report: OutboxReport } | { ok: false; problem: Problem; report?: OutboxReport };

function createdIncident(outcome: ReportOutcome): LinkedIncident | undefined {
  if (outcome.status !== 'reported') return undefined;
  return { id: outcome.id, ...(isWebLink(outcome.dashboardUrl) ? { dashboardUrl: outcome.dashboardUrl } : {}) };
}

/** Finds the incident a duplicate or unconfirmed report stands for, by its subject (never from the answer's message), and links it; answers the report as stored. */
async function linkExisting(api: LookupApi, report: OutboxReport): Promise<OutboxReport> {
  const found = await lookUpSubject(api, report.subject.value);
  if (!found.found) return report;
  const { id, status } = found.incident;
  return (await linkIncident(report.id, { ...report.incident, id, status })) ?? report;
}

/**
 * Reads the status of the incident a report just created, once (GET
 * /v1/incident/{id}, no retry), so every page shows it at once instead of
 * "status not known yet" until the next refresh (issue 44). A failed read
 * leaves the report sent, its status unknown.
 */
async function readCreatedStatus(api: Pick<IncidentApi, 'getIncident'>, report: OutboxReport): Promise<OutboxReport> {
  if (report.state !== 'sent' || !report.incident?.id || report.incident.status) return report;
  try {
    const { status, clientId } = await api.getIncident(report.incident.id);
    if (!status) return report;
    return (await linkIncident(report.id, { ...report.incident, status, ...(clientId ? { clientId } : {}) })) ?? report;
  } catch {
    return report;
  }
}

/**
 * The sandbox build only (compiled out of shipped builds): an end-to-end test
 * may hold a report between the service's answer and saving it, to stop the
 * worker exactly there (tests/e2e/fault-matrix.spec.ts).
 */
async function holdForTests(): Promise<void> {
  if (import.meta.env.MODE !== 'sandbox') return;
  await (globalThis as { takedownReporterTestHold?: Promise<void> }).takedownReporterTestHold;
}

/** Options of one send. */
export interface SendOptions {
  /** False when the browser is offline: the report stays queued, provably never sent. */
  online: boolean;
  /** The report as its caller just read or wrote it: not read again (startSending checks its state in its own transaction). */
  known?: OutboxReport;
  /** The caller wrote `known` already `sending` (createQueued): its request starts without a second write. */
  started?: boolean;
}

/**
 * Sends a queued report once: moves it to `sending` (refused when it is not
 * queued, so it never goes twice), posts it with its files, and settles it as
 * sent, duplicate (then links the existing incident), failed or unknown.
 */
export async function sendQueuedReport(api: SendApi, id: string, { online, known, started }: SendOptions): Promise<SendResult> {
  const queued = known ?? (await getReport(id));
  if (!queued) return { ok: false, problem: { kind: 'report_missing' } };
  if (queued.state === 'queued' && !online) return { ok: false, problem: { kind: 'offline' }, report: queued };
  // Only a queued report starts: startSending refuses any other state, and a second caller.
  const report = started && queued.state === 'sending' ? queued : await startSending(id);
  if (!report) return { ok: false, problem: { kind: 'report_busy' }, report: queued };

  // The files the caller holds (a queued report's files never change): a report just written is not read back from a busy database.
  const attachments = (known ?? report).files.map((file) => new File([file.blob], file.name, { type: file.type }));
  const request = { ...report.fields, attachments };
  const progress = progressOf(id);
  progress(
    'upload',
    'active',
    attachments.reduce((total, file) => total + file.size, 0),
  );
  let settled: OutboxReport | null;
  try {
    const outcome = await (report.action === 'tkd' ? api.reportForTakedown(request) : api.reportForMonitoring(request));
    progress('upload', 'done');
    await holdForTests();
    settled = await settleWithOutcome(id, stateForOutcome(outcome), outcome, createdIncident(outcome));
    // The service answered: a credit may have been spent, so the popup asks for the balance again.
    await usageCacheItem.removeValue();
  } catch (error) {
    progress('upload', 'failed');
    const problem = toProblem(error);
    settled = await settleWithProblem(id, stateForProblem(problem), problem);
  }
  if (!settled) return { ok: false, problem: { kind: 'report_missing' } };
  // A duplicate, or a stored-but-unconfirmed answer: find the incident by its subject.
  const needsLookup = settled.state === 'duplicate' || isUnconfirmedReceipt(settled);
  const final = needsLookup ? await linkExisting(api, settled) : await readCreatedStatus(api, settled);
  return final.state === 'failed' || final.state === 'unknown' ? { ok: false, problem: final.lastProblem ?? { kind: 'unexpected_response' }, report: final } : { ok: true, report: final };
}

/**
 * Checks a report whose fate is unknown by looking its subject up: found, it
 * is sent (the incident linked); not found, it did not arrive (failed, ready
 * to send again). A received report whose id could not be read is looked up
 * the same way, but a miss leaves it received (`not_listed_yet`): a 2xx
 * arrived, whatever the lookup says.
 */
export async function checkUnknownReport(api: LookupApi, id: string): Promise<SendResult> {
  const report = await getReport(id);
  if (!report) return { ok: false, problem: { kind: 'report_missing' } };
  if (isUnconfirmedReceipt(report)) {
    const linked = await linkExisting(api, report);
    return isUnconfirmedReceipt(linked) ? { ok: false, problem: { kind: 'not_listed_yet' } } : { ok: true, report: linked };
  }
  if (report.state !== 'unknown') return { ok: true, report };
  const found = await lookUpSubject(api, report.subject.value);
  if (found.found === null) return { ok: false, problem: found.problem, report };
  if (found.found) {
    const { id: incidentId, status } = found.incident;
    const moved = await moveReport(id, 'sent', { incident: { ...report.incident, id: incidentId, status }, lastProblem: undefined });
    return moved ? { ok: true, report: moved } : { ok: false, problem: { kind: 'report_busy' }, report };
  }
  const moved = await moveReport(id, 'failed', { lastProblem: { kind: 'not_received' } });
  return { ok: false, problem: { kind: 'not_received' }, report: moved ?? report };
}

// The sending queue (below): one report at a time, oldest first; what waits for the network is left to the retry
// alarm, and a 429 puts its report back and pauses the queue as long as the service asked.

/** A 429 without Retry-After: the queue waits this long before its next request. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;
/** Longer waits than this are left to the retry alarm, not held in the worker. */
const MAX_QUEUE_PAUSE_MS = 60_000;

/** What the queue needs; the report service hands its own dependencies over. */
export interface SendQueueDeps {
  api: SendApi;
  isOnline(): boolean;
  /** A report of a menu or shortcut changed state: badge its tab, notify its result. */
  showProgress(report: OutboxReport): Promise<void>;
  notify(report: OutboxReport): Promise<void>;
  /** Recovers the outbox from a previous worker (once, however often called): no request starts before it settles. */
  ready?(): Promise<unknown>;
  /** A queued report waits for the network: arrange to try again. */
  waitForNetwork?(): Promise<void>;
}

/** Sends a queued report once; offline, marks it as waiting for the network and asks to try again. */
async function sendQueued(deps: SendQueueDeps, queued: OutboxReport, started = false): Promise<SendResult> {
  const { id } = queued;
  await deps.ready?.();
  const result = await sendQueuedReport(deps.api, id, { online: deps.isOnline(), known: queued, started });
  if (!result.ok && result.problem.kind === 'offline') {
    await markWaitingForNetwork(id);
    await deps.waitForNetwork?.();
  }
  return result;
}

/** Whether a send's result is for this call to tell: a settled report, or one that waits for the network. */
export function isResultToTell(result: SendResult): boolean {
  const { report } = result;
  // Another call is sending it (or did): that call tells the result. One that waits for the network says so now.
  const waiting = !result.ok && result.problem.kind === 'offline';
  const settled = report !== undefined && report.state !== 'queued' && report.state !== 'sending';
  return report !== undefined && (settled || waiting);
}

/** A 429 put back in the queue; a report its caller wrote already `sending` (createQueued). */
type SendAndTellOptions = Pick<SendOptions, 'started'> & { requeueRateLimited?: boolean };

/**
 * Sends a queued report and tells its result (badge and notification for
 * reports of the menu and the shortcut). With `requeueRateLimited`, a 429 —
 * a refusal, so nothing arrived — puts it back in the queue instead.
 */
async function sendAndTell(deps: SendQueueDeps, queued: OutboxReport, options: SendAndTellOptions = {}): Promise<SendResult> {
  const quiet = queued.origin === 'popup' || queued.origin === 'review';
  if (!quiet) await deps.showProgress({ ...queued, state: 'sending' });
  const result = await sendQueued(deps, queued, options.started);
  if (options.requeueRateLimited && !result.ok && result.problem.kind === 'rate_limited') {
    const requeued = await moveReport(queued.id, 'queued', { waitingForNetwork: true });
    if (!quiet && requeued) await deps.showProgress(requeued);
    return { ...result, ...(requeued ? { report: requeued } : {}) };
  }
  if (!quiet && result.report && isResultToTell(result)) {
    await deps.showProgress(result.report);
    await deps.notify(result.report);
  }
  return result;
}

/** How long the queue pauses after a 429: as long as the service asked (Retry-After), or the default. */
export function queuePauseMs(retryAfterSeconds: number | undefined): number {
  return (retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS) * 1000;
}

/**
 * Sends every queued report that waited for the network (never one that
 * may have left), one at a time. A 429 is a refusal, so that report goes
 * back to the queue, and the queue waits as long as the service asked
 * (Retry-After) before the next request; a longer wait is left to the
 * retry alarm.
 */
async function sendWaiting(deps: SendQueueDeps): Promise<void> {
  // A report tried once more only after a 429 put it back: anything else left queued waits for the alarm.
  const tried = new Set<string>();
  const limited = new Set<string>();
  for (;;) {
    // Oldest first: reports go out in the order they were made.
    const [next] = (await listReports(['queued'])).toSorted((a, b) => a.createdAt.localeCompare(b.createdAt));
    if (!next || (tried.has(next.id) && !limited.delete(next.id))) return;
    tried.add(next.id);
    const result = await sendAndTell(deps, next, { requeueRateLimited: true });
    if (result.ok) continue;
    // Offline, or taken by another caller: the retry alarm goes on from here.
    if (result.problem.kind === 'offline' || result.problem.kind === 'report_busy') return;
    if (result.problem.kind !== 'rate_limited') continue;
    limited.add(next.id);
    const waitMs = queuePauseMs(result.problem.retryAfterSeconds);
    if (waitMs > MAX_QUEUE_PAUSE_MS) {
      await deps.waitForNetwork?.();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

/** The queue: send one report and tell its result, or send every report that waited. */
export function createSendQueue(deps: SendQueueDeps) {
  // One run of sendWaiting at a time: a second one (alarm, start's resend, pages) sent during the first's Retry-After pause.
  const oneAtATime = withLock();
  return {
    sendAndTell: (queued: OutboxReport, options?: SendAndTellOptions): Promise<SendResult> => sendAndTell(deps, queued, options),
    sendWaiting: async (): Promise<void> => void (await oneAtATime(() => sendWaiting(deps))),
  };
}
