import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { getBackgroundService } from '@/utils/messaging/background-service';
import type { Problem } from '@/utils/messaging/problems';
import type { OutboxReport } from '@/utils/report/types';
import { watchReportChanges } from '@/utils/report/changes';
import { earlyRead } from '../ui/early-read';

/** The draft the popup writes: captured from the active tab when the popup opens. */
export type TabDraft =
  | { state: 'capturing' }
  | { state: 'ready'; draft: OutboxReport; captureProblems: Problem[] }
  | { state: 'failed'; problem: Problem };

const ready = (draft: OutboxReport): TabDraft => ({ state: 'ready', draft, captureProblems: draft.captureProblems ?? [] });

/**
 * Asks the background for a draft of the active tab; the answer carries the
 * draft, written before its evidence exists (none is made, and nothing is
 * captured, while no connection is set up).
 */
async function requestTabDraft(): Promise<TabDraft> {
  try {
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    if (tab?.id === undefined) return { state: 'failed', problem: { kind: 'no_tab_access' } };
    const started = await getBackgroundService().reports.startTabDraft(tab.id, 'popup');
    return started.ok ? ready(started.draft) : { state: 'failed', problem: started.problem };
  } catch {
    return { state: 'failed', problem: { kind: 'background_unreachable' } };
  }
}

const tabDraftRead = earlyRead(requestTabDraft);

/** Starts the active tab's draft before the popup's first render (see earlyRead). */
export const startTabDraftEarly = tabDraftRead.start;

/**
 * The active tab's draft, shown at once — the form shows before the evidence
 * exists — then followed while its capture completes it (`draft.capturing`).
 */
export function useTabDraft(): TabDraft {
  const [tabDraft, setTabDraft] = useState<TabDraft>(() => tabDraftRead.peek() ?? { state: 'capturing' });
  useEffect(() => {
    let current = true;
    let stopWatching = () => {};
    void tabDraftRead.take().then((next) => {
      if (!current) return;
      // The capture may complete the draft before the answer is shown: a newer read wins.
      setTabDraft((previous) => (previous.state === 'ready' && next.state === 'ready' && !previous.draft.capturing ? previous : next));
      if (next.state !== 'ready' || !next.draft.capturing) return;
      // The database is read only while a capture completes the draft, so it loads after the form shows.
      const reload = () => void import('@/utils/storage/reports-db').then(({ getReport }) => getReport(next.draft.id)).then((draft) => current && draft && setTabDraft(ready(draft)));
      stopWatching = watchReportChanges(reload);
      // The capture may have ended before the watch began.
      reload();
    });
    return () => {
      current = false;
      stopWatching();
    };
  }, []);
  return tabDraft;
}
