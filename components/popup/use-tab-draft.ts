import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { getBackgroundService } from '@/utils/messaging/background-service';
import type { Problem } from '@/utils/messaging/problems';
import type { OutboxReport } from '@/utils/report/types';
import { getReport } from '@/utils/storage/reports-db';

/** The draft the popup writes: captured from the active tab when the popup opens. */
export type TabDraft =
  | { state: 'capturing' }
  | { state: 'ready'; draft: OutboxReport; captureProblems: Problem[] }
  | { state: 'failed'; problem: Problem };

/** Asks the background to capture the active tab's evidence into a new draft, and loads it. */
export function useTabDraft(): TabDraft {
  const [tabDraft, setTabDraft] = useState<TabDraft>({ state: 'capturing' });
  useEffect(() => {
    let current = true;
    (async (): Promise<TabDraft> => {
      const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
      if (tab?.id === undefined) return { state: 'failed', problem: { kind: 'no_tab_access' } };
      const prepared = await getBackgroundService().reports.prepareTabDraft(tab.id, 'popup');
      if (!prepared.ok) return { state: 'failed', problem: prepared.problem };
      const draft = await getReport(prepared.reportId);
      if (!draft) return { state: 'failed', problem: { kind: 'report_missing' } };
      return { state: 'ready', draft, captureProblems: prepared.problems };
    })()
      .catch((): TabDraft => ({ state: 'failed', problem: { kind: 'background_unreachable' } }))
      .then((next) => current && setTabDraft(next));
    return () => {
      current = false;
    };
  }, []);
  return tabDraft;
}
