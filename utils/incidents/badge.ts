import { browser } from 'wxt/browser';

// The toolbar button's badge, as both of its users paint it: the count of
// incidents that wait for the user (every tab) and a menu or shortcut report's
// progress (its tab). Each badge comes with the button's title, which says in
// words what the badge means.

/**
 * The badge's text colour. Chromium otherwise picks white or black from the
 * background by its own rule; every badge background is chosen to give white
 * text at least 4.5:1 (tests/unit/incidents/badge.test.ts).
 */
export const BADGE_TEXT_COLOR = '#ffffff';

/** The most a badge counts; more reads "99+" (a badge fits about four characters). */
const BADGE_MAX_COUNT = 99;

/** The badge text for a count: empty for none, "99+" above 99. */
export function badgeCount(count: number): string {
  if (!(count > 0)) return '';
  return count > BADGE_MAX_COUNT ? `${BADGE_MAX_COUNT}+` : String(Math.floor(count));
}

type ToolbarAction = typeof browser.action;

/** The toolbar button: MV2 (Firefox) calls it browserAction. */
function toolbarAction(): ToolbarAction {
  return browser.action ?? (browser as unknown as { browserAction: ToolbarAction }).browserAction;
}

export interface Badge {
  text: string;
  /** The background, as a CSS colour. */
  color: string;
  /** The button's title while the badge shows: what the badge means, in words. */
  title: string;
}

/**
 * Paints a badge and its title on every tab, or on one tab with `tabId`.
 * The text colour is set where the browser can (Chrome 110+, Firefox 63+).
 */
export async function paintBadge(badge: Badge, tabId?: number): Promise<void> {
  const action = toolbarAction();
  const where = tabId === undefined ? {} : { tabId };
  // All four calls leave at once, in this order, and the browser takes them in order: one round trip, not four (a
  // menu report paints before its request leaves), and a later paint's calls still land after these.
  // Each call in its own async function: one that throws at once (a browser without it) still lets the others' failures be caught.
  const calls = [
    () => action.setBadgeBackgroundColor({ ...where, color: badge.color }),
    () => (typeof action.setBadgeTextColor === 'function' ? action.setBadgeTextColor({ ...where, color: BADGE_TEXT_COLOR }) : undefined),
    () => action.setBadgeText({ ...where, text: badge.text }),
    () => action.setTitle({ ...where, title: badge.title }),
  ];
  await Promise.all(calls.map(async (call) => call()));
}
