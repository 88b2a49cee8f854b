import { sendQueuedReport, type SendApi, type SendResult } from './send';
import { listReports, getReport, putReport } from './report-store';
import { moveReport } from './outbox';
import type { OutboxReport } from '../storage/report-types';

// The sending queue of the background: one report at a time, oldest first;
// what waits for the network is marked and left to the retry alarm, and a
// 429 puts its report back and pauses the queue as long as the service asked.

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
  /** Settles when the outbox has recovered from a previous worker: no request starts before. */
  ready?: Promise<unknown>;
  /** A queued report waits for the network: arrange to try again. */
  waitForNetwork?(): Promise<void>;
}

/** The queue: send one report and tell its result, or send every report that waited. */
export function createSendQueue(deps: SendQueueDeps) {
  const { api } = deps;

  async function sendQueued(id: string): Promise<SendResult> {
    await deps.ready;
    const result = await sendQueuedReport(api, id, { online: deps.isOnline() });
    if (!result.ok && result.problem.kind === 'offline') {
      await markWaiting(id);
      await deps.waitForNetwork?.();
    }
    return result;
  }

  async function markWaiting(id: string): Promise<void> {
    const report = await getReport(id);
    if (report?.state === 'queued' && !report.waitingForNetwork) {
      await putReport({ ...report, waitingForNetwork: true, lastProblem: { kind: 'offline' } });
    }
  }

  /**
   * Sends a queued report and tells its result (badge and notification for
   * reports of the menu and the shortcut). With `requeueRateLimited`, a 429 —
   * a refusal, so nothing arrived — puts it back in the queue instead.
   */
  async function sendAndTell(queued: OutboxReport, options: { requeueRateLimited?: boolean } = {}): Promise<SendResult> {
    const quiet = queued.origin === 'popup' || queued.origin === 'review';
    if (!quiet) await deps.showProgress({ ...queued, state: 'sending' });
    const result = await sendQueued(queued.id);
    if (options.requeueRateLimited && !result.ok && result.problem.kind === 'rate_limited') {
      const requeued = await moveReport(queued.id, 'queued', { waitingForNetwork: true });
      if (!quiet && requeued) await deps.showProgress(requeued);
      return { ...result, ...(requeued ? { report: requeued } : {}) };
    }
    const report = result.report;
    // Another call is sending it (or did): that call tells the result. One
    // that waits for the network says so now.
    const waiting = !result.ok && result.problem.kind === 'offline';
    const settled = report && report.state !== 'queued' && report.state !== 'sending';
    if (!quiet && report && (settled || waiting)) {
      await deps.showProgress(report);
      await deps.notify(report);
    }
    return result;
  }

  /**
   * Sends every queued report that waited for the network (never one that
   * may have left), one at a time. A 429 is a refusal, so that report goes
   * back to the queue, and the queue waits as long as the service asked
   * (Retry-After) before the next request; a longer wait is left to the
   * retry alarm.
   */
  async function sendWaiting(): Promise<void> {
    // A report tried once more only after a 429 put it back: anything else left queued waits for the alarm.
    const tried = new Set<string>();
    const limited = new Set<string>();
    for (;;) {
      // Oldest first: reports go out in the order they were made.
      const [next] = (await listReports(['queued'])).toSorted((a, b) => a.createdAt.localeCompare(b.createdAt));
      if (!next || (tried.has(next.id) && !limited.delete(next.id))) return;
      tried.add(next.id);
      const result = await sendAndTell(next, { requeueRateLimited: true });
      if (result.ok) continue;
      // Offline, or taken by another caller: the retry alarm goes on from here.
      if (result.problem.kind === 'offline' || result.problem.kind === 'report_busy') return;
      if (result.problem.kind !== 'rate_limited') continue;
      limited.add(next.id);
      const waitMs = (result.problem.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS) * 1000;
      if (waitMs > MAX_QUEUE_PAUSE_MS) {
        await deps.waitForNetwork?.();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }

  return { sendAndTell, sendWaiting };
}
