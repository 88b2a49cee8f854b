import { browser, type Browser } from 'wxt/browser';

// The context-menu registration point of the background (model:
// fregante/webext-permission-toggle): namespaced ids, one click listener
// registered at the top of the worker, one handler per entry.

/** Every menu id of this extension starts with this, so clicks on other extensions' menus are ignored. */
const MENU_NAMESPACE = 'takedown-reporter';

/** A namespaced menu id: `takedown-reporter:<name>`. */
export function menuId(name: string): string {
  return `${MENU_NAMESPACE}:${name}`;
}

/** One context-menu entry and what a click on it does. */
export interface MenuEntry {
  /** From menuId(). */
  id: string;
  /** Read when the entry is created (on install and update), not at each start of the worker. */
  title(): string;
  contexts: [`${Browser.contextMenus.ContextType}`, ...`${Browser.contextMenus.ContextType}`[]];
  parentId?: string;
  /** Pages the entry shows on (default: all). */
  documentUrlPatterns?: string[];
  /** For link entries: link targets the entry shows on. */
  targetUrlPatterns?: string[];
  onClick(info: Browser.contextMenus.OnClickData, tab: Browser.tabs.Tab | undefined): void | Promise<void>;
}

/**
 * Registers the entries: they are (re)created on install and update (menus
 * persist across worker restarts, so creating them at every start would fail
 * on duplicate ids), and ONE click listener is added now, synchronously, as a
 * service worker must. A handler's error goes to `onError`, never unhandled.
 * With no entries, or no menus in this browser, nothing is touched.
 * Answers the click dispatcher itself, so tests drive the very same path.
 */
export function registerMenus(
  entries: readonly MenuEntry[],
  onError: (error: unknown, entry: MenuEntry) => void = () => {},
): (info: Browser.contextMenus.OnClickData, tab: Browser.tabs.Tab | undefined) => Promise<void> {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const dispatch = async (info: Browser.contextMenus.OnClickData, tab: Browser.tabs.Tab | undefined): Promise<void> => {
    const entry = byId.get(String(info.menuItemId));
    if (!entry) return;
    await Promise.resolve()
      .then(() => entry.onClick(info, tab))
      .catch((error: unknown) => onError(error, entry));
  };
  // Firefox for Android has no menus (docs/releasing.md): the worker starts without them, the popup does the rest.
  const menus = browser.contextMenus;
  if (entries.length === 0 || !menus) return dispatch;

  browser.runtime.onInstalled.addListener(async () => {
    await menus.removeAll();
    for (const { id, title, contexts, parentId, documentUrlPatterns, targetUrlPatterns } of entries) {
      menus.create({
        id,
        title: title(),
        contexts,
        ...(parentId ? { parentId } : {}),
        ...(documentUrlPatterns ? { documentUrlPatterns } : {}),
        ...(targetUrlPatterns ? { targetUrlPatterns } : {}),
      });
    }
  });

  menus.onClicked.addListener((info, tab) => void dispatch(info, tab));
  return dispatch;
}
