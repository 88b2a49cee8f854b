import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { getBackgroundService } from '@/utils/messaging/background-service';
import type { Problem } from '@/utils/messaging/problems';
import type { OutboxReport } from '@/utils/report/types';
import { watchReportChanges } from '@/utils/report/changes';
import { getReport } from '@/utils/storage/reports-db';

/** The draft the popup writes: captured from the active tab when the popup opens. */
export type TabDraft =
  | { state: 'capturing' }
  | { state: 'ready'; draft: OutboxReport; captureProblems: Problem[] }
  | { state: 'failed'; problem: Problem };

/**
 * Asks the background for a draft of the active tab and loads it at once —
 * the form shows before the evidence exists — then follows the draft while
 * its capture completes it (`draft.capturing`).
 */
export function useTabDraft(): TabDraft {
  const [tabDraft, setTabDraft] = useState<TabDraft>({ state: 'capturing' });
  useEffect(() => {
    let current = true;
    let stopWatching = () => {};
    const ready = (draft: OutboxReport): TabDraft => ({ state: 'ready', draft, captureProblems: draft.captureProblems ?? [] });
    (async (): Promise<TabDraft> => {
      const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
      if (tab?.id === undefined) return { state: 'failed', problem: { kind: 'no_tab_access' } };
      const started = await getBackgroundService().reports.startTabDraft(tab.id, 'popup');
      if (!started.ok) return { state: 'failed', problem: started.problem };
      const draft = await getReport(started.reportId);
      if (!draft) return { state: 'failed', problem: { kind: 'report_missing' } };
      if (draft.capturing) {
        const reload = () => void getReport(draft.id).then((next) => current && next && setTabDraft(ready(next)));
        stopWatching = watchReportChanges(reload);
        // The capture may have ended between the read and the watch.
        reload();
      }
      return ready(draft);
    })()
      .catch((): TabDraft => ({ state: 'failed', problem: { kind: 'background_unreachable' } }))
      .then((next) => current && setTabDraft((previous) => (previous.state === 'ready' && next.state === 'ready' && !previous.draft.capturing ? previous : next)));
    return () => {
      current = false;
      stopWatching();
    };
  }, []);
  return tabDraft;
}
