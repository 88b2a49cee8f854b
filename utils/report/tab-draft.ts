import type { CapturedEvidence } from '../evidence/capture';
import type { Problem } from '../problems/kinds';
import { completeCapture } from './outbox-upkeep';

// The popup's draft is written at once, with the tab's address, so the form
// is usable before the screenshot and page evidence exist; the capture then
// completes the draft. Sending waits for it (`settled`).

/**
 * Tracks captures that complete drafts after they were written. `complete`
 * adds what a capture found to a draft still being written; `settled`
 * answers once a draft's capture is over (at once when it has none).
 */
export function createDraftCaptures() {
  const pending = new Map<string, Promise<void>>();

  async function fill(id: string, capturing: Promise<CapturedEvidence>): Promise<void> {
    let evidence: CapturedEvidence | null = null;
    try {
      evidence = await capturing;
    } catch {
      evidence = null;
    }
    const problems: Problem[] = evidence?.problems ?? [{ kind: 'capture_failed', what: 'page' }];
    await completeCapture(id, evidence, problems);
  }

  return {
    /** Completes the draft with the capture's files and context (or its problems) when it ends. */
    complete(id: string, capturing: Promise<CapturedEvidence>): void {
      const done = fill(id, capturing).finally(() => pending.delete(id));
      pending.set(id, done);
    },
    /** Settles when the draft's capture is over. */
    settled(id: string): Promise<void> {
      return pending.get(id) ?? Promise.resolve();
    },
  };
}
