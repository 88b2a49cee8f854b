import type { IncidentApi } from '../api/client';
import type { CaptureRequest, CapturedEvidence, EvidenceTab } from '../evidence/capture';
import { toProblem, type Problem } from '../problems/kinds';
import type { Settings } from '../settings/settings';
import { deleteReport, getReport, listReports, putReport } from '../storage/reports-db';
import { lookUpSubject, type LookupResult } from './lookup';
import { createDraft, createQueued, linkIncident, moveReport, queueDraft, withEvidenceRecord, type NewReport } from './outbox';
import { RESENDABLE } from './outbox-state';
import { isWebLink } from '../indicators/web-link';
import { checkUnknownReport, sendQueuedReport, type SendApi, type SendResult } from './send';
import { createDraftCaptures } from './tab-draft';
import { baseFields, newTabDraft } from './tab-draft-fields';
import { progressOf, type ProgressReporter } from './progress';
import type { OutboxReport, ReportAction, ReportOrigin } from './types';

/** The calls reporting needs; the connected client satisfies them. */
export type ReportingApi = SendApi & Pick<IncidentApi, 'attachFiles' | 'commentOnIncident' | 'requestTakedown'>;

/** What the report service needs from the browser and the rest of the extension; tests replace each. */
/** A 429 without Retry-After: the queue waits this long before its next request. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;
/** Longer waits than this are left to the retry alarm, not held in the worker. */
const MAX_QUEUE_PAUSE_MS = 60_000;

export interface ReportServiceDeps {
  api: ReportingApi;
  capture(request: CaptureRequest): Promise<CapturedEvidence>;
  getTab(tabId: number): Promise<EvidenceTab>;
  readSettings(): Promise<Settings>;
  /** Whether a connection is set up; the popup's draft (and its capture) waits for one. Default: yes. */
  isConnected?(): Promise<boolean>;
  isOnline(): boolean;
  /** A report of a menu or shortcut changed state: badge its tab, notify its result. */
  showProgress(report: OutboxReport): Promise<void>;
  notify(report: OutboxReport): Promise<void>;
  /** Opens the review window on a draft. */
  openReview(reportId: string): Promise<void>;
  /** Settles when the outbox has recovered from a previous worker: no request starts before. */
  ready?: Promise<unknown>;
  /** A queued report waits for the network: arrange to try again. */
  waitForNetwork?(): Promise<void>;
}

/** A page or link reported from the menu or the shortcut. */
export interface TabReportRequest {
  tab: EvidenceTab;
  /** Set for a link report: its target, reported without visiting it. */
  linkUrl?: string;
  /** Default: the settings' default action. */
  action?: ReportAction;
  origin: Extract<ReportOrigin, 'menu' | 'shortcut'>;
}

/** startTabDraft's answer carries the draft itself (no files yet), so the popup shows it without reading the database first. */
export type StartedDraft = { ok: true; reportId: string; problems: Problem[]; draft: OutboxReport } | { ok: false; problem: Problem };

/** Follow-ups offered when a subject is already an incident, instead of filing a duplicate. */
export type FollowUp = { kind: 'comment'; comment: string } | { kind: 'attach' } | { kind: 'takedown' };

/** The result of a follow-up on an existing incident. */
export type FollowUpResult = { ok: true } | { ok: false; problem: Problem };

function isWebPage(url: string | undefined): url is string {
  return isWebLink(url);
}

/**
 * Reporting in the background: captures evidence, keeps every report in the
 * outbox before its request starts, sends, follows up on duplicates, and
 * resends only when the user asks. Pages call it through the background
 * service; the menus and the shortcut call it directly.
 */
export function createReportService(deps: ReportServiceDeps) {
  const { api } = deps;

  async function capture(tab: EvidenceTab, settings: Settings, requestedUrl: string, linkUrl: string | undefined, include = settings.evidence, onProgress?: ProgressReporter) {
    return deps.capture({
      tab,
      requestedUrl,
      include,
      ...(onProgress ? { onProgress } : {}),
      ...(linkUrl ? { linkUrl } : {}),
      ...(settings.reporterEmail ? { reporter: settings.reporterEmail } : {}),
    });
  }

  const drafts = createDraftCaptures();

  /** Deletes the earlier drafts the same page made for the same tab (all but `keep`, and those the user kept). */
  async function deleteStaleDrafts(origin: ReportOrigin, tabId: number, keep?: string): Promise<void> {
    for (const stale of await listReports(['draft'])) {
      if (stale.origin === origin && stale.tabId === tabId && stale.id !== keep && !stale.keptAt) await deleteReport(stale.id);
    }
  }

  /** The newest draft the user kept for this page: same tab, or same address. */
  async function keptDraftOf(origin: ReportOrigin, tab: EvidenceTab): Promise<OutboxReport | undefined> {
    const kept = (await listReports(['draft'])).filter(
      (draft) => draft.keptAt && draft.origin === origin && (draft.tabId === tab.id || (tab.url !== undefined && draft.evidence?.requestedUrl === tab.url)),
    );
    return kept.sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1))[0];
  }

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

  /** Keeps in the history what the user did on an existing incident instead of reporting it again. */
  async function recordFollowUp(reportId: string, incidentId: string, kind: FollowUp['kind']): Promise<void> {
    const report = await getReport(reportId);
    if (!report) return;
    const followUps = [...(report.followUps ?? []), kind];
    const incident = { ...report.incident, id: incidentId };
    if (report.state === 'draft') await moveReport(reportId, 'duplicate', { incident, followUps, files: await withEvidenceRecord(report) });
    else await linkIncident(reportId, incident, { followUps });
  }

  /** Queues a draft and sends it; the badge and notification follow reports of the menu and the shortcut. */
  async function submit(id: string): Promise<SendResult> {
    // A popup draft goes with its evidence: its capture ends first.
    await drafts.settled(id);
    const queued = await queueDraft(id);
    if (!queued) {
      const current = await getReport(id);
      return current ? { ok: false, problem: { kind: 'report_busy' }, report: current } : { ok: false, problem: { kind: 'report_missing' } };
    }
    return sendAndTell(queued);
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

  return {
    /**
     * A new draft of the active tab, answered as soon as it exists with the
     * tab's address: the popup shows its form at once, and the capture of
     * everything it can (the page's toggles choose what goes) completes the
     * draft (`capturing` until then) for the popup to follow.
     */
    async startTabDraft(tabId: number, origin: Extract<ReportOrigin, 'popup' | 'review'> = 'popup'): Promise<StartedDraft> {
      try {
        const [tab, settings, connected] = await Promise.all([deps.getTab(tabId), deps.readSettings(), deps.isConnected?.() ?? true]);
        // The popup asks before it knows the connection: no capture of a page that cannot be reported.
        if (!connected) return { ok: false, problem: { kind: 'not_configured' } };
        // A draft the user kept on this page is taken up again, as it was left.
        const kept = await keptDraftOf(origin, tab);
        // Its files stay in the database, where the popup reads them: a Blob does not cross messaging.
        if (kept) return { ok: true, reportId: kept.id, problems: [], draft: { ...kept, files: [] } };
        const report = await createDraft(newTabDraft(tab, settings, origin));
        // Only what the evidence settings allow is captured (issue 19).
        if (report.capturing) drafts.complete(report.id, capture(tab, settings, tab.url!, undefined, settings.evidence, progressOf(report.id)));
        // Tidying up earlier drafts does not hold the answer the popup waits for.
        void deleteStaleDrafts(origin, tabId, report.id).catch(() => undefined);
        return { ok: true, reportId: report.id, problems: [], draft: report };
      } catch (error) {
        return { ok: false, problem: toProblem(error) };
      }
    },

    /** Queues a draft the page finished and sends it. */
    submit,

    /** Sends a failed or unknown report again, with the same evidence; only when the user asks. */
    async sendAgain(id: string): Promise<SendResult> {
      const report = await getReport(id);
      if (!report) return { ok: false, problem: { kind: 'report_missing' } };
      if (!RESENDABLE.includes(report.state)) return { ok: false, problem: { kind: 'report_busy' }, report };
      const queued = await moveReport(id, 'queued');
      if (!queued) return { ok: false, problem: { kind: 'report_busy' }, report };
      return sendAndTell(queued);
    },

    /** Resolves a report whose fate is unknown by looking its subject up. */
    check: (id: string): Promise<SendResult> => checkUnknownReport(api, id),

    /** Looks a subject up before reporting it. */
    lookUp: (subject: string): Promise<LookupResult> => lookUpSubject(api, subject),

    /**
     * Acts on an incident that already exists instead of filing a duplicate:
     * comments on it, attaches the draft's evidence to it, or asks for its
     * takedown. The draft is then linked to it and leaves the outbox's queue.
     */
    async followUp(incidentId: string, reportId: string, followUp: FollowUp): Promise<FollowUpResult> {
      const report = reportId ? await getReport(reportId) : undefined;
      try {
        if (followUp.kind === 'comment') await api.commentOnIncident(incidentId, followUp.comment);
        if (followUp.kind === 'takedown') await api.requestTakedown(incidentId);
        if (followUp.kind === 'attach') {
          if (!report) return { ok: false, problem: { kind: 'report_missing' } };
          const files = await withEvidenceRecord(report);
          await api.attachFiles(incidentId, files.map((file) => new File([file.blob], file.name, { type: file.type })));
        }
      } catch (error) {
        return { ok: false, problem: toProblem(error) };
      }
      if (report) await recordFollowUp(report.id, incidentId, followUp.kind);
      return { ok: true };
    },

    /** Deletes a report and its evidence. */
    discard: (id: string): Promise<void> => deleteReport(id),

    /**
     * A page or link from the menu or the shortcut: captured and sent at
     * once, or opened in the review window when the user asked to confirm.
     */
    async reportTab(request: TabReportRequest): Promise<SendResult | { ok: true; review: string }> {
      const settings = await deps.readSettings();
      const target = request.linkUrl ?? request.tab.url;
      if (!isWebPage(target)) {
        return { ok: false, problem: { kind: 'invalid_indicator', reason: 'url_scheme' } };
      }
      const evidence = isWebPage(request.tab.url) ? await capture(request.tab, settings, target, request.linkUrl) : undefined;
      const report: NewReport = {
        action: request.action ?? settings.defaultAction,
        subject: { type: 'url', value: target },
        fields: { ...baseFields(settings), url: target },
        files: evidence?.files ?? [],
        ...(evidence ? { evidence: evidence.context } : {}),
        origin: request.origin,
        tabId: request.tab.id,
      };
      if (settings.confirmBeforeSend) {
        const draft = await createDraft({ ...report, selectionText: target });
        await deps.openReview(draft.id);
        return { ok: true, review: draft.id };
      }
      // Nothing to review: queued in one write, then sent.
      return sendAndTell(await createQueued(report));
    },

    /** Selected text from the menu: captured, then reviewed indicator by indicator in the review window. */
    async reviewSelection(tab: EvidenceTab, text: string): Promise<string> {
      const settings = await deps.readSettings();
      const evidence = isWebPage(tab.url) ? await capture(tab, settings, tab.url, undefined) : undefined;
      const draft = await createDraft({
        action: settings.defaultAction,
        subject: { type: 'url', value: tab.url ?? '' },
        fields: baseFields(settings),
        files: evidence?.files ?? [],
        ...(evidence ? { evidence: evidence.context } : {}),
        origin: 'review',
        tabId: tab.id,
        selectionText: text,
      });
      await deps.openReview(draft.id);
      return draft.id;
    },

    /**
     * Sends every queued report that waited for the network (never one that
     * may have left), one at a time. A 429 is a refusal, so that report goes
     * back to the queue, and the queue waits as long as the service asked
     * (Retry-After) before the next request; a longer wait is left to the
     * retry alarm.
     */
    async sendWaiting(): Promise<void> {
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
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
