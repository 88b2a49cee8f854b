import type { IncidentApi } from '../api/client';
import type { ReportOutcome } from '../api/schemas/report';
import { toProblem, type Problem } from '../messaging/problems';
import { draftAttachments, getDraft, updateDraft } from '../storage/drafts';

/** What sending a draft came to: the service's outcome, or the problem (the draft is kept either way). */
export type SendDraftResult = { ok: true; outcome: ReportOutcome } | { ok: false; problem: Problem };

/** The two report calls; the connected client satisfies it. */
export type ReportApi = Pick<IncidentApi, 'reportForTakedown' | 'reportForMonitoring'>;

/**
 * Sends report drafts that a page saved in IndexedDB (files never cross
 * runtime messaging). A draft is never sent twice: one already sent answers
 * with its stored outcome, one being sent is refused. A failure keeps the
 * draft, its evidence and the problem, ready to send again.
 */
export function createDraftSender(api: ReportApi) {
  return {
    /** Sends the draft with this id to `/v1/incident/tkd` or `/monitor`. */
    async sendDraft(id: string): Promise<SendDraftResult> {
      const draft = await getDraft(id);
      if (!draft) return { ok: false, problem: { kind: 'draft_missing' } };
      if (draft.state === 'sent' && draft.outcome) return { ok: true, outcome: draft.outcome };
      if (draft.state === 'sending') return { ok: false, problem: { kind: 'draft_busy' } };
      await updateDraft(id, { state: 'sending' });
      const report = { ...draft.fields, attachments: draftAttachments(draft) };
      try {
        const outcome = await (draft.action === 'tkd' ? api.reportForTakedown(report) : api.reportForMonitoring(report));
        await updateDraft(id, { state: 'sent', outcome, lastProblem: undefined });
        return { ok: true, outcome };
      } catch (error) {
        const problem = toProblem(error);
        await updateDraft(id, { state: 'failed', lastProblem: problem });
        return { ok: false, problem };
      }
    },
  };
}

export type DraftSender = ReturnType<typeof createDraftSender>;
