// Sending: one queued report posted once and settled (sendQueuedReport); send-queue.ts sends them one at a time.
import type { IncidentApi } from '../api/client';
import type { Attachment, ReportOutcome } from '../api/schemas/report';
import { isWebLink } from '../indicators/web-link';
import { notSavedProblem, toProblem, type Problem } from '../problems/kinds';
import { getReport } from './report-store';
import { lookUpSubject, type LookupApi } from '../incidents/find-incident';
import { usageCacheItem } from '../storage/usage-cache';
import { linkIncident, moveReport, settleWithOutcome, settleWithProblem, startSending } from './outbox';
import { isUnconfirmedReceipt, stateForOutcome, stateForProblem } from './outbox-state';
import type { LinkedIncident, OutboxReport, StoredFile } from '../storage/report-types';
import { progressOf } from './progress';

/** The calls sending needs; the connected client satisfies them. */
export type SendApi = Pick<IncidentApi, 'reportForTakedown' | 'reportForMonitoring' | 'getIncident'> & LookupApi;

/** What sending came to: the report as stored after it, or why nothing was sent. */
export type SendResult = { ok: true; report: OutboxReport } | { ok: false; problem: Problem; report?: OutboxReport };

/** A stored file as an upload's part: its blob itself when that is a File of the same name and type (no copy), else a File that is. */
export function attachmentOf({ blob, name, type }: StoredFile): Attachment {
  return blob instanceof File && blob.name === name && blob.type === type ? blob : new File([blob], name, { type });
}

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
  /** That write, still under way: the request is prepared meanwhile and leaves once it is done; one that fails sends nothing. */
  stored?: Promise<void>;
}

/**
 * Sends a queued report once: moves it to `sending` (refused when it is not
 * queued, so it never goes twice), posts it with its files, and settles it as
 * sent, duplicate (then links the existing incident), failed or unknown.
 */
export async function sendQueuedReport(api: SendApi, id: string, { online, known, started, stored }: SendOptions): Promise<SendResult> {
  const queued = known ?? (await getReport(id));
  if (!queued) return { ok: false, problem: { kind: 'report_missing' } };
  if (queued.state === 'queued' && !online) return { ok: false, problem: { kind: 'offline' }, report: queued };
  // Only a queued report starts: startSending refuses any other state, and a second caller.
  const report = started && queued.state === 'sending' ? queued : await startSending(id);
  if (!report) return { ok: false, problem: { kind: 'report_busy' }, report: queued };

  // The files the caller holds (a queued report's files never change): a report just written is not read back from a busy database.
  const attachments = (known ?? report).files.map(attachmentOf);
  const request = { ...report.fields, attachments };
  const progress = progressOf(id);
  progress(
    'upload',
    'active',
    attachments.reduce((total, file) => total + file.size, 0),
  );
  let settled: OutboxReport | null;
  try {
    const outcome = await (report.action === 'tkd' ? api.reportForTakedown(request, stored) : api.reportForMonitoring(request, stored));
    progress('upload', 'done');
    await holdForTests();
    settled = await settleWithOutcome(id, stateForOutcome(outcome), outcome, createdIncident(outcome));
    // The service answered: a credit may have been spent, so the popup asks for the balance again.
    await usageCacheItem.removeValue();
  } catch (error) {
    progress('upload', 'failed');
    // The report could not be written: nothing was sent, and there is nothing to settle.
    const unsaved = await stored?.then(() => undefined, notSavedProblem);
    if (unsaved) return { ok: false, problem: unsaved };
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
