import { useState } from 'preact/hooks';
import { getBackgroundService } from '@/utils/messaging/background-service';
import type { Problem } from '@/utils/problems/kinds';
import type { buildDraftEdit } from '@/utils/drafts/draft-edit';
import { focusSoon } from '../ui/focus-soon';
import { loadCode } from '../ui/load-code';
import { OUTCOME_ID, type FormOutcome } from './report-form-outcome';

/** What the form's fields make of the draft: what is saved before it is sent. */
type DraftEdit = ReturnType<typeof buildDraftEdit>;

/** Where the form is between "Send" and what became of the report. */
export type Phase = { step: 'editing' } | { step: 'checking' } | { step: 'sending' } | FormOutcome;

/**
 * The popup form's ways out of editing: send (looked up first), keep as a
 * draft, discard. Holds the phase the form shows and the problem of the last
 * try; the form keeps its fields and decides when they are ready to go.
 */
export function useReportSend(draftId: string) {
  const [phase, setPhase] = useState<Phase>({ step: 'editing' });
  const [problem, setProblem] = useState<Problem | null>(null);

  /** Saves `edit` into the draft and sends it, unless there is none or `ready` says no (and shows why). */
  async function send(edit: DraftEdit | null, ready: () => boolean): Promise<void> {
    // The last try's problem goes even when this one stops at a field.
    setProblem(null);
    if (!edit || !ready()) return;
    // Loaded on send, not before the form shows (issue 10: popup ready); gone after an update, the form says so.
    const loaded = await loadCode(() => Promise.all([import('@/utils/drafts/page-drafts'), import('@/utils/drafts/look-up-and-send')]));
    if (!loaded.ok) return setProblem(loaded.problem);
    const [{ editPageDraft }, { lookUpAndSend }] = loaded.module;
    const saved = await editPageDraft(draftId, edit);
    if (!saved) return setProblem({ kind: 'report_busy' });
    setPhase({ step: 'checking' });
    const outcome = await lookUpAndSend(getBackgroundService(), draftId, edit.subject.value, () => setPhase({ step: 'sending' }));
    // The form gives way to what became of it: the focus goes there, not to <body>.
    if (outcome.kind !== 'not_taken') focusSoon(OUTCOME_ID);
    if (outcome.kind === 'exists') return setPhase({ step: 'exists', incident: outcome.incident });
    if (outcome.kind === 'handled') return setPhase({ step: 'done', report: outcome.report });
    setPhase({ step: 'editing' });
    setProblem(outcome.problem);
  }

  /** Keeps the draft as the fields left it, to be finished later; whether it was kept. */
  async function keep(edit: DraftEdit | null): Promise<boolean> {
    const loaded = await loadCode(() => import('@/utils/drafts/page-drafts'));
    if (!loaded.ok) {
      setProblem(loaded.problem);
      return false;
    }
    return Boolean(await loaded.module.editPageDraft(draftId, { ...edit, keptAt: new Date().toISOString() }));
  }

  /** Discards the draft and closes the popup. */
  async function discard(): Promise<boolean> {
    await getBackgroundService().reports.discard(draftId);
    window.close();
    return true;
  }

  /** Back from an existing incident to the form, the focus on its subject. */
  function backToEditing(): void {
    setPhase({ step: 'editing' });
    focusSoon('report-subject');
  }

  return { phase, problem, send, keep, discard, backToEditing };
}
