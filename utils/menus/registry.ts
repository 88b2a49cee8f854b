import { browser, type Browser } from 'wxt/browser';

// The context-menu registration point of the background (model:
// fregante/webext-permission-toggle): namespaced ids, one click listener
// registered at the top of the worker, one handler per entry.

/** Every menu id of this extension starts with this, so clicks on other extensions' menus are ignored. */
export const MENU_NAMESPACE = 'takedown-reporter';

/** A namespaced menu id: `takedown-reporter:<name>`. */
export function menuId(name: string): string {
  return `${MENU_NAMESPACE}:${name}`;
}

/** One context-menu entry and what a click on it does. */
export interface MenuEntry {
  /** From menuId(). */
  id: string;
  title: string;
  contexts: [`${Browser.contextMenus.ContextType}`, ...`${Browser.contextMenus.ContextType}`[]];
  parentId?: string;
  onClick(info: Browser.contextMenus.OnClickData, tab: Browser.tabs.Tab | undefined): void | Promise<void>;
}

/**
 * Registers the entries: they are (re)created on install and update (menus
 * persist across worker restarts, so creating them at every start would fail
 * on duplicate ids), and ONE click listener is added now, synchronously, as a
 * service worker must. A handler's error goes to `onError`, never unhandled.
 * With no entries nothing is touched (the permission may not be declared).
 */
export function registerMenus(entries: readonly MenuEntry[], onError: (error: unknown, entry: MenuEntry) => void = () => {}): void {
  if (entries.length === 0) return;
  const byId = new Map(entries.map((entry) => [entry.id, entry]));

  browser.runtime.onInstalled.addListener(async () => {
    await browser.contextMenus.removeAll();
    for (const { id, title, contexts, parentId } of entries) {
      browser.contextMenus.create({ id, title, contexts, ...(parentId ? { parentId } : {}) });
    }
  });

  browser.contextMenus.onClicked.addListener((info, tab) => {
    const entry = byId.get(String(info.menuItemId));
    if (!entry) return;
    Promise.resolve()
      .then(() => entry.onClick(info, tab))
      .catch((error: unknown) => onError(error, entry));
  });
}
