import type { Browser } from 'wxt/browser';
import type { EvidenceTab } from './capture';

/** The tab a click or a page names, when it can be captured: it needs an id and a window. */
export function evidenceTabOf(tab: Browser.tabs.Tab | undefined): EvidenceTab | null {
  if (!tab || tab.id === undefined || tab.id < 0 || tab.windowId === undefined) return null;
  return { id: tab.id, windowId: tab.windowId, ...(tab.url ? { url: tab.url } : {}), ...(tab.title ? { title: tab.title } : {}) };
}
