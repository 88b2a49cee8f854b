import { browser } from 'wxt/browser';
import type { TabNavigation } from './navigation-types';

// The way each tab took to its page (issue 41), in session storage only: never
// synced nor written to disk, gone when the browser closes, and kept across
// the service worker's restarts (MV3 stops it when idle). One key a tab, so a
// navigation reads and writes only its own tab's.

const PREFIX = 'navigation:';

const keyOf = (tabId: number) => `${PREFIX}${tabId}`;

/** What is kept of a tab's navigation; empty when nothing is. */
export async function readTabNavigation(tabId: number): Promise<TabNavigation> {
  const key = keyOf(tabId);
  return ((await browser.storage.session.get(key))[key] as TabNavigation | undefined) ?? {};
}

/** Keeps a tab's navigation. */
export async function writeTabNavigation(tabId: number, navigation: TabNavigation): Promise<void> {
  await browser.storage.session.set({ [keyOf(tabId)]: navigation });
}

/** Forgets a tab's navigation (the tab closed or was replaced). */
export async function forgetTabNavigation(tabId: number): Promise<void> {
  await browser.storage.session.remove(keyOf(tabId));
}

/** Forgets every tab's navigation (the setting was turned off, or its permission taken back). */
export async function forgetAllNavigation(): Promise<void> {
  const keys = Object.keys(await browser.storage.session.get(null)).filter((key) => key.startsWith(PREFIX));
  if (keys.length > 0) await browser.storage.session.remove(keys);
}
