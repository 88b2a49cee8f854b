import { useEffect, useState } from 'preact/hooks';
import { browser, type Browser } from 'wxt/browser';
import { getBackgroundService } from '@/utils/messaging/background-service';
import type { Problem } from '@/utils/problems/kinds';
import type { OutboxReport } from '@/utils/storage/report-types';
import { earlyRead } from '../ui/early-read';
import { holdDraftOpen } from '@/utils/messaging/draft-port';
import { newTabDraft } from '@/utils/report/tab-draft-fields';
import type { Settings } from '@/utils/settings/settings';

/** The draft the popup writes: captured from the active tab when the popup opens. */
export type TabDraft = { state: 'capturing' } | { state: 'ready'; draft: OutboxReport; captureProblems: Problem[] } | { state: 'failed'; problem: Problem };

const ready = (draft: OutboxReport): TabDraft => ({ state: 'ready', draft, captureProblems: draft.captureProblems ?? [] });

type ActiveTab = { id: number; url?: string } | Problem;

/** The active tab (as queried, or `queried` when the query is under way), or a problem when the popup has none it may read. */
async function activeTab(queried: Promise<Browser.tabs.Tab | undefined> = browser.tabs.query({ active: true, currentWindow: true }).then(([tab]) => tab)): Promise<ActiveTab> {
  const tab = await queried;
  return tab?.id === undefined ? { kind: 'no_tab_access' } : { id: tab.id, ...(tab.url ? { url: tab.url } : {}) };
}

/**
 * Asks the background for a draft of the tab; the answer carries the draft,
 * written before its evidence exists (none is made, and nothing is captured,
 * while no connection is set up).
 */
async function requestTabDraft(tab: Promise<ActiveTab> = activeTab()): Promise<TabDraft> {
  try {
    const found = await tab;
    if ('kind' in found) return { state: 'failed', problem: found };
    const started = await getBackgroundService().reports.startTabDraft(found.id, 'popup');
    return started.ok ? ready(started.draft) : { state: 'failed', problem: started.problem };
  } catch {
    return { state: 'failed', problem: { kind: 'background_unreachable' } };
  }
}

/**
 * The draft as the background will write it (the same content, newTabDraft),
 * shown before it answers: the form is usable at once, and sending waits for
 * the draft's id. Nothing is shown this way for a tab the popup cannot read.
 */
async function provisionalDraft(tab: Promise<ActiveTab>, settings: Promise<Settings>): Promise<TabDraft> {
  const [found, read] = await Promise.all([tab, settings]);
  if ('kind' in found) return { state: 'capturing' };
  return ready({ ...newTabDraft(found, read, 'popup'), id: '', createdAt: '', updatedAt: '', state: 'draft', attempts: 0 });
}

/** The draft as stored, with its files; loaded only when needed, after the form shows. */
async function readDraft(id: string): Promise<TabDraft | undefined> {
  const { getReport } = await import('@/utils/report/report-store');
  const draft = await getReport(id);
  return draft && ready(draft);
}

/** Drafts this popup holds open (utils/messaging/draft-port.ts). */
const held = new Set<string>();

/** Holds the draft for as long as the popup is open, not only the form: closed without sending or keeping, the draft is deleted. */
function holdWhilePopupLives(id: string): void {
  if (!id || held.has(id)) return;
  held.add(id);
  holdDraftOpen(id);
}

/** The active tab the popup's first read found, for the draft asked of the background after the first render (taken once). */
let earlyTab: Promise<ActiveTab> | undefined;

const tabDraftRead = earlyRead(() => {
  const tab = earlyTab ?? activeTab();
  earlyTab = undefined;
  return requestTabDraft(tab);
});
const provisionalRead = earlyRead<TabDraft>(async () => ({ state: 'capturing' }));

/**
 * Starts the form's view of the active tab's draft before the popup's first
 * render (see earlyRead), from the tab `queried` already. The draft itself is
 * asked of the background by the first render's effect: its capture (the
 * screenshot and its stamp, in the worker) then does not compete with that
 * render (issue 24: on two cores the render took 5–75 ms beside it, 7–19 ms
 * after it, measured).
 */
export function startTabDraftEarly(queried: Promise<Browser.tabs.Tab | undefined>, settings: Promise<Settings>): Promise<TabDraft> {
  const tab = activeTab(queried);
  earlyTab = tab;
  return provisionalRead.start(() => provisionalDraft(tab, settings).catch((): TabDraft => ({ state: 'capturing' })));
}

/**
 * The active tab's draft, shown at once — the form shows before the evidence
 * exists — then followed while its capture completes it (`draft.capturing`).
 */
export function useTabDraft(): TabDraft {
  const [tabDraft, setTabDraft] = useState<TabDraft>(() => tabDraftRead.peek() ?? provisionalRead.peek() ?? { state: 'capturing' });
  useEffect(() => {
    let current = true;
    let stopWatching = () => {};
    void provisionalRead.take().then((shown) => current && setTabDraft((previous) => (previous.state === 'capturing' ? shown : previous)));
    void tabDraftRead.take().then(async (answer) => {
      // A kept draft comes back without its files (they do not cross messaging): read it whole.
      const next = answer.state === 'ready' && answer.draft.keptAt ? ((await readDraft(answer.draft.id)) ?? answer) : answer;
      if (!current) return;
      // The capture may complete the draft before the answer is shown: a newer read of the same draft wins.
      setTabDraft((previous) => (previous.state === 'ready' && next.state === 'ready' && previous.draft.id === next.draft.id && !previous.draft.capturing ? previous : next));
      if (next.state === 'ready') holdWhilePopupLives(next.draft.id);
      if (next.state !== 'ready' || !next.draft.capturing) return;
      // The database is read only while a capture completes the draft, so it loads after the form shows.
      const { watchReportChanges } = await import('@/utils/report/report-store');
      if (!current) return;
      const reload = () => void readDraft(next.draft.id).then((read) => current && read && setTabDraft(read));
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
