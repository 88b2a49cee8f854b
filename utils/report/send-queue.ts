import { withLock } from 'superlock';
import { listReports } from './report-store';
import { markWaitingForNetwork, moveReport } from './outbox';
import { sendQueuedReport, type SendApi, type SendOptions, type SendResult } from './send';
import type { OutboxReport } from '../storage/report-types';

// The sending queue: one report at a time (send.ts sends each), oldest first; what waits for the network is left to the retry
// alarm, and a 429 puts its report back and pauses the queue as long as the service asked.

/** A 429 without Retry-After: the queue waits this long before its next request. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;
/** Longer waits than this are left to the retry alarm, not held in the worker. */
const MAX_QUEUE_PAUSE_MS = 60_000;

/** What the queue needs; the report service hands its own dependencies over. */
export interface SendQueueDeps {
  api: SendApi;
  isOnline(): boolean;
  /** A report of a menu or shortcut changed state (or is under way on its tab): badge its tab. */
  showProgress(report: Pick<OutboxReport, 'state' | 'tabId'>): Promise<void>;
  notify(report: OutboxReport): Promise<void>;
  /** Recovers the outbox from a previous worker (once, however often called): no request starts before it settles. */
  ready?(): Promise<unknown>;
  /** A queued report waits for the network: arrange to try again. */
  waitForNetwork?(): Promise<void>;
}

/** Sends a queued report once; offline, marks it as waiting for the network and asks to try again. */
async function sendQueued(deps: SendQueueDeps, queued: OutboxReport, { started = false, stored }: Pick<SendOptions, 'started' | 'stored'>): Promise<SendResult> {
  const { id } = queued;
  await deps.ready?.();
  const result = await sendQueuedReport(deps.api, id, { online: deps.isOnline(), known: queued, started, stored });
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

/** A 429 put back in the queue; a report its caller wrote already `sending` (createQueued), and its badge when already shown. */
type SendAndTellOptions = Pick<SendOptions, 'started' | 'stored'> & { requeueRateLimited?: boolean; shown?: Promise<void> };

/**
 * Sends a queued report and tells its result (badge and notification for
 * reports of the menu and the shortcut). With `requeueRateLimited`, a 429 —
 * a refusal, so nothing arrived — puts it back in the queue instead.
 */
async function sendAndTell(deps: SendQueueDeps, queued: OutboxReport, options: SendAndTellOptions = {}): Promise<SendResult> {
  const quiet = queued.origin === 'popup' || queued.origin === 'review';
  // The badge says `sending` while the request is prepared (or since the click: `shown`), and is painted before the result's.
  const sending = quiet ? undefined : (options.shown ?? deps.showProgress({ ...queued, state: 'sending' }));
  sending?.catch(() => undefined);
  const result = await sendQueued(deps, queued, options);
  await sending;
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
