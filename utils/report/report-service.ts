import type { EvidenceTab } from '../evidence/capture';
import { toProblem, type Problem } from '../problems/kinds';
import { getReport, listReports } from './report-store';
import { deleteDrafts, discardReport } from './outbox-upkeep';
import { moveReport, queueDraft } from './outbox';
import { createDraft } from './outbox-pages';
import { RESENDABLE } from './outbox-state';
import { checkUnknownReport, type SendResult } from './send';
import type { ReportContext, ReportServiceDeps, TabReportRequest } from './report-deps';
import { createSendQueue } from './send-queue';
import { capture, reportTab, reviewSelection, saved } from './tab-report';

import { followUpIncident, type FollowUp, type FollowUpResult } from './follow-up';

export type { FollowUp, FollowUpResult };
import { createDraftCaptures } from './tab-draft';
import { newTabDraft } from './tab-draft-fields';
import { progressOf } from './progress';
import type { OutboxReport, ReportOrigin } from '../storage/report-types';

export type { ReportingApi, ReportServiceDeps, TabReportRequest } from './report-deps';

/** startTabDraft's answer carries the draft itself (no files yet), so the popup shows it without reading the database first. */
export type StartedDraft = { ok: true; reportId: string; problems: Problem[]; draft: OutboxReport } | { ok: false; problem: Problem };

/** Deletes the earlier drafts the same page made for the same tab (all but `keep`, and those the user kept). */
async function deleteStaleDrafts(origin: ReportOrigin, tabId: number, keep?: string): Promise<void> {
  await deleteDrafts((stale) => stale.origin === origin && stale.tabId === tabId && stale.id !== keep && !stale.keptAt);
}

/** The newest draft the user kept for this page: same tab, or same address (listReports answers the most recently changed first). */
async function keptDraftOf(origin: ReportOrigin, tab: EvidenceTab): Promise<OutboxReport | undefined> {
  return (await listReports(['draft'])).find((draft) => draft.keptAt && draft.origin === origin && (draft.tabId === tab.id || (tab.url !== undefined && draft.evidence?.requestedUrl === tab.url)));
}

/** startTabDraft's work: the kept draft taken up again, or a new one whose capture goes on after the answer. */
async function startTabDraft({ deps, drafts }: ReportContext, tabId: number, origin: Extract<ReportOrigin, 'popup' | 'review'>): Promise<StartedDraft> {
  const [tab, settings, connected] = await Promise.all([deps.getTab(tabId), deps.readSettings(), deps.isConnected?.() ?? true]);
  // The popup asks before it knows the connection: no capture of a page that cannot be reported.
  if (!connected) return { ok: false, problem: { kind: 'not_configured' } };
  // A draft the user kept on this page is taken up again, as it was left.
  // The outbox that cannot be read or written says so (report_not_saved), not as the service's fault.
  const found = await saved(keptDraftOf(origin, tab));
  if ('problem' in found) return { ok: false, problem: found.problem };
  const kept = found.value;
  // Its files stay in the database, where the popup reads them: a Blob does not cross messaging.
  if (kept) return { ok: true, reportId: kept.id, problems: [], draft: { ...kept, files: [] } };
  const created = await saved(createDraft(newTabDraft(tab, settings, origin)));
  if ('problem' in created) return { ok: false, problem: created.problem };
  const report = created.value;
  // Only what the evidence settings allow is captured (issue 19).
  if (report.capturing) drafts.complete(report.id, capture(deps, true, tab, settings, tab.url!, undefined, settings.evidence, progressOf(report.id)));
  // Tidying up earlier drafts does not hold the answer the popup waits for.
  void deleteStaleDrafts(origin, tabId, report.id).catch((error: unknown) => console.warn('Deleting this tab’s earlier drafts failed; they go when its page closes or in two days.', error));
  return { ok: true, reportId: report.id, problems: [], draft: report };
}

/** Queues a draft and sends it; the badge and notification follow reports of the menu and the shortcut. */
async function submit({ drafts, sendAndTell }: ReportContext, id: string): Promise<SendResult> {
  // A popup draft goes with its evidence: its capture ends first.
  await drafts.settled(id);
  const queued = await queueDraft(id);
  if (!queued) {
    const current = await getReport(id);
    return current ? { ok: false, problem: { kind: 'report_busy' }, report: current } : { ok: false, problem: { kind: 'report_missing' } };
  }
  return sendAndTell(queued);
}

/** Puts a failed or unknown report back in the queue and sends it; any other state is refused as busy. */
async function sendAgain({ sendAndTell }: ReportContext, id: string): Promise<SendResult> {
  const report = await getReport(id);
  if (!report) return { ok: false, problem: { kind: 'report_missing' } };
  if (!RESENDABLE.includes(report.state)) return { ok: false, problem: { kind: 'report_busy' }, report };
  const queued = await moveReport(id, 'queued');
  if (!queued) return { ok: false, problem: { kind: 'report_busy' }, report };
  return sendAndTell(queued);
}

/**
 * Reporting in the background: captures evidence, keeps every report in the
 * outbox before its request starts, sends, follows up on duplicates, and
 * resends only when the user asks. Pages call it through the background
 * service; the menus and the shortcut call it directly.
 */
export function createReportService(deps: ReportServiceDeps) {
  const { api } = deps;
  const queue = createSendQueue(deps);
  const context: ReportContext = { deps, drafts: createDraftCaptures(), sendAndTell: queue.sendAndTell };

  return {
    /** Sends every queued report that waited for the network, one at a time (send.ts). */
    sendWaiting: queue.sendWaiting,

    /**
     * A new draft of the active tab, answered as soon as it exists with the
     * tab's address: the popup shows its form at once, and the capture of
     * everything it can (the page's toggles choose what goes) completes the
     * draft (`capturing` until then) for the popup to follow.
     */
    async startTabDraft(tabId: number, origin: Extract<ReportOrigin, 'popup' | 'review'> = 'popup'): Promise<StartedDraft> {
      try {
        return await startTabDraft(context, tabId, origin);
      } catch (error) {
        return { ok: false, problem: toProblem(error) };
      }
    },

    /** Queues a draft the page finished and sends it. */
    submit: (id: string): Promise<SendResult> => submit(context, id),

    /** Sends a failed or unknown report again, with the same evidence; only when the user asks. */
    sendAgain: (id: string): Promise<SendResult> => sendAgain(context, id),

    /** Resolves a report whose fate is unknown by looking its subject up. */
    check: (id: string): Promise<SendResult> => checkUnknownReport(api, id),

    /**
     * Acts on an incident that already exists instead of filing a duplicate
     * (follow-up.ts): comments, attaches the draft's evidence, or asks for its takedown.
     */
    followUp: (incidentId: string, reportId: string, followUp: FollowUp): Promise<FollowUpResult> => followUpIncident(api, incidentId, reportId, followUp),

    /** Deletes a report and its evidence. */
    discard: (id: string): Promise<void> => discardReport(id),

    /**
     * A page or link from the menu or the shortcut: captured and sent at
     * once, or opened in the review window when the user asked to confirm.
     */
    reportTab: (request: TabReportRequest): Promise<SendResult | { ok: true; review: string }> => reportTab(context, request),

    /** Selected text from the menu: captured, then reviewed indicator by indicator in the review window. */
    reviewSelection: (tab: EvidenceTab, text: string): Promise<string> => reviewSelection(context, tab, text),
  };
}

export type ReportService = ReturnType<typeof createReportService>;
