import { isWebLink } from '../indicators/web-link';
import type { ChainHop, ChainStart, NavigationChain, TabNavigation } from '../storage/navigation-types';

// How each navigation event of a tab's top frame changes what is kept of the
// way to its page (issue 41). Pure: the keeper (navigation-keeper.ts) reads the
// tab's state, hands it an event, and writes what comes back.

/** The facts of webNavigation's onBeforeNavigate and onCommitted the chain needs, in Chromium and Firefox. */
export interface NavigationEvent {
  tabId: number;
  frameId: number;
  url: string;
  timeStamp: number;
  /** Chromium: 'prerender' for a page made ready before it is shown (speculation rules, the address bar). */
  documentLifecycle?: string;
  /** Chromium: 'outermost_frame' for a page's top frame, shown or not. */
  frameType?: string;
  documentId?: string;
  transitionType?: string;
  transitionQualifiers?: string[];
}

/** Longest way kept: the first hop and the newest ones (a page that refreshes itself for ever stays small). */
export const CHAIN_MAX_HOPS = 20;
/** Longest address kept: a phishing link's token fits, a data-stuffed one is cut. */
const URL_MAX_LENGTH = 4096;
/** Earlier ways kept for back and forward, and prerendered pages waiting to be shown. */
const EARLIER_MAX = 4;
const PRERENDERED_MAX = 2;

/** The tab's shown top frame (Firefox gives no lifecycle; a prerendered page is not shown yet). */
const isShown = (event: NavigationEvent) => event.frameId === 0 && event.documentLifecycle !== 'prerender';
const isPrerendering = (event: NavigationEvent) => event.documentLifecycle === 'prerender' && event.frameType === 'outermost_frame';

/** Whether an event is about a tab's top frame, shown or prerendered: frames inside pages are left alone. */
export const concernsTopFrame = (event: NavigationEvent): boolean => isShown(event) || isPrerendering(event);

/** The last address of a way: its page. */
export const pageOf = (chain: NavigationChain | undefined): string | undefined => chain?.hops.at(-1)?.url;

const hopAt = (url: string, at: number, left?: ChainHop['left']): ChainHop => ({ url: url.slice(0, URL_MAX_LENGTH), at: Math.round(at), ...(left ? { left } : {}) });

/** An object's newest entries only (insertion order). */
function newest<T>(entries: Record<string, T>, most: number): Record<string, T> {
  return Object.fromEntries(Object.entries(entries).slice(-most));
}

/** How a navigation began, from the browser's transition (Chromium's names; Firefox gives the same). */
function startOf(type: string | undefined, qualifiers: readonly string[]): ChainStart {
  if (qualifiers.includes('forward_back')) return 'back_forward';
  if (qualifiers.includes('from_address_bar') || ['typed', 'generated', 'keyword', 'keyword_generated'].includes(type ?? '')) return 'typed';
  if (type === 'link') return 'link';
  if (type === 'form_submit') return 'form';
  return type === 'auto_bookmark' ? 'bookmark' : 'other';
}

/** A way grown by a client redirect: its page was left by one; a page that refreshes itself adds nothing. */
function extended(chain: NavigationChain, hops: ChainHop[]): NavigationChain {
  if (hops.length === 1 && hops[0]!.url === pageOf(chain)) return chain;
  const all = [...chain.hops.slice(0, -1), { ...chain.hops.at(-1)!, left: 'client_redirect' as const }, ...hops];
  if (all.length <= CHAIN_MAX_HOPS) return { ...chain, hops: all };
  const cut = all.length - CHAIN_MAX_HOPS;
  return { ...chain, hops: [all[0]!, ...all.slice(cut + 1)], skipped: (chain.skipped ?? 0) + cut };
}

/** A new way: how it began, the page it began on for a link or a form, and its hops. */
function begun(state: TabNavigation, event: NavigationEvent, hops: ChainHop[]): NavigationChain {
  const start = startOf(event.transitionType, event.transitionQualifiers ?? []);
  const from = start === 'link' || start === 'form' ? (pageOf(state.chain) ?? state.openedFrom) : undefined;
  return { start, ...(from ? { from } : {}), hops };
}

/** The way to the page just committed in the shown frame, and whether it grows the current one (a client redirect, a reload). */
function nextChain(state: TabNavigation, event: NavigationEvent, hops: ChainHop[]): [NavigationChain, boolean] {
  const { chain: current } = state;
  const qualifiers = event.transitionQualifiers ?? [];
  if (current && qualifiers.includes('client_redirect')) return [extended(current, hops), true];
  if (current && event.transitionType === 'reload' && pageOf(current) === event.url) return [current, true];
  // Back or forward to a page this tab showed: the way to it then.
  const again = qualifiers.includes('forward_back') && [current, ...(state.earlier ?? [])].find((chain) => pageOf(chain) === event.url);
  return [again || begun(state, event, hops), again === current];
}

/** onBeforeNavigate: where the navigation began, kept until it commits (a server redirect's first address). */
export function navigationStarted(state: TabNavigation, event: NavigationEvent): TabNavigation {
  if (!concernsTopFrame(event)) return state;
  return { ...state, starts: newest({ ...state.starts, [event.frameId]: { url: event.url, at: event.timeStamp } }, PRERENDERED_MAX + 1) };
}

/**
 * onCommitted: the page the tab's top frame now shows and the way to it (a
 * page off the web, a new tab or a browser page, has none); or the way to a
 * prerendered page, kept until the tab shows it.
 */
export function navigationCommitted(state: TabNavigation, event: NavigationEvent): TabNavigation {
  if (!concernsTopFrame(event)) return state;
  const { [event.frameId]: began, ...starts } = state.starts ?? {};
  const web = isWebLink(event.url);
  const redirected = began && began.url !== event.url && event.transitionQualifiers?.includes('server_redirect');
  const hops = [...(redirected ? [hopAt(began.url, began.at, 'server_redirect')] : []), hopAt(event.url, event.timeStamp)];
  if (isPrerendering(event)) {
    return { ...state, starts, ...(web && event.documentId ? { prerendered: newest({ ...state.prerendered, [event.documentId]: begun(state, event, hops) }, PRERENDERED_MAX) } : {}) };
  }
  const { [event.documentId ?? '']: readied, ...prerendered } = state.prerendered ?? {};
  const [chain, grows] = !web ? [undefined, false] : readied ? [readied, false] : nextChain(state, event, hops);
  const earlier = grows ? state.earlier : [state.chain, ...(state.earlier ?? [])].filter((each): each is NavigationChain => each !== undefined && each !== chain).slice(0, EARLIER_MAX);
  // The opener's page stays until the tab shows a web page (a new tab commits about:blank first).
  return { chain, earlier, starts, prerendered, ...(web ? {} : { openedFrom: state.openedFrom }) };
}

/** onCreatedNavigationTarget: the new tab was opened from a page (a link to a new tab, a script). */
export function openedFrom(state: TabNavigation, page: string | undefined): TabNavigation {
  return page ? { ...state, openedFrom: page } : state;
}
