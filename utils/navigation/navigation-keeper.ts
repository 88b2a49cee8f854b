import { browser } from 'wxt/browser';
import { forgetAllNavigation, forgetTabNavigation, readTabNavigation, writeTabNavigation } from '../storage/navigation-chains';
import type { TabNavigation } from '../storage/navigation-types';
import { concernsTopFrame, navigationCommitted, navigationStarted, openedFrom, pageOf, type NavigationEvent } from './chain-steps';
import { hasNavigationPermission } from './navigation-permission';

// The background's keeper of the way each tab took to its page (issue 41):
// only while the setting is on and `webNavigation` is granted. Its state is in
// session storage (utils/storage/navigation-chains.ts), so a worker that slept
// loses nothing; its listeners are added in the worker's first turn, so the
// navigation that woke it is heard.

/** What the keeper is told by the settings. */
export interface NavigationKeeperDeps {
  /** Whether "Record how I reached each page" is on. */
  isOn(): Promise<boolean>;
  /** Calls back whenever the settings may have changed. */
  watch(changed: () => void): void;
}

/** An event's two ends, as both browsers have them (Firefox lacks some: then nothing is added). */
interface Toggled<T> {
  addListener(listener: T): void;
  removeListener(listener: T): void;
}

/**
 * Starts the keeper; `recording` settles on whether it records now. Nothing is read at start (the worker's
 * first answer waits for no setting): the first navigation, or the first `recording`, decides.
 */
export function startNavigationKeeper(deps: NavigationKeeperDeps): { recording(): Promise<boolean> } {
  let active: Promise<boolean> | undefined;
  let work: Promise<unknown> = Promise.resolve();
  // One change after another: each reads and writes a tab's state. Answers when this one is done (tests wait for it).
  const queue = (step: () => Promise<unknown>) =>
    (work = work.then(async () => (await decided()) && step()).catch((error: unknown) => console.warn('Recording a navigation failed; its way may be incomplete.', error)));
  const change = (tabId: number, next: (state: TabNavigation) => TabNavigation) =>
    queue(async () => {
      const state = await readTabNavigation(tabId);
      const changed = next(state);
      if (changed !== state) await writeTabNavigation(tabId, changed);
    });
  const started = (event: NavigationEvent) => concernsTopFrame(event) && change(event.tabId, (state) => navigationStarted(state, event));
  const committed = (event: NavigationEvent) => concernsTopFrame(event) && change(event.tabId, (state) => navigationCommitted(state, event));
  const opened = ({ sourceTabId, tabId }: { sourceTabId: number; tabId: number }) =>
    queue(async () => writeTabNavigation(tabId, openedFrom(await readTabNavigation(tabId), pageOf((await readTabNavigation(sourceTabId)).chain))));
  const closed = (tabId: number) => queue(() => forgetTabNavigation(tabId));
  const replaced = (_added: number, removed: number) => closed(removed);
  const tabReplaced = ({ replacedTabId }: { replacedTabId: number }) => closed(replacedTabId);

  let listening = false;
  function listen(on: boolean): void {
    const navigation = browser.webNavigation as typeof browser.webNavigation | undefined;
    if (on === listening || (on && !navigation)) return;
    const toggle = <T>(event: Toggled<T> | undefined, listener: T) => (on ? event?.addListener(listener) : event?.removeListener(listener));
    toggle(navigation?.onBeforeNavigate as Toggled<typeof started>, started);
    toggle(navigation?.onCommitted as Toggled<typeof committed>, committed);
    toggle(navigation?.onCreatedNavigationTarget as Toggled<typeof opened>, opened);
    toggle(navigation?.onTabReplaced as Toggled<typeof tabReplaced>, tabReplaced);
    toggle(browser.tabs.onRemoved as Toggled<typeof closed>, closed);
    // Firefox has no tabs.onReplaced.
    toggle(browser.tabs.onReplaced as Toggled<typeof replaced> | undefined, replaced);
    listening = on;
  }

  /** Records only while the setting is on and the permission held; otherwise listens to nothing and keeps nothing. */
  async function decide(): Promise<boolean> {
    const on = (await deps.isOn()) && (await hasNavigationPermission());
    listen(on);
    if (!on) await forgetAllNavigation();
    return on;
  }
  const recheck = () => {
    active = decide().catch(() => false);
  };
  const decided = () => (active ??= decide().catch(() => false));
  // The namespace exists only while the permission is held: a navigation that woke the worker is heard, and
  // dropped unless `decide` finds the setting on.
  if (browser.webNavigation) listen(true);
  browser.permissions.onAdded.addListener(recheck);
  browser.permissions.onRemoved.addListener(recheck);
  deps.watch(recheck);
  return { recording: decided };
}
