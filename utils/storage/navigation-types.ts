// The way a tab's browser took to its page (issue 41), as the background keeps
// it in session storage (navigation-chains.ts) and a report's evidence context
// carries it. Stored shapes, so they live here; utils/navigation writes them.

/** How a navigation began, as the browser tells it (webNavigation's transition type and qualifiers). */
export type ChainStart = 'typed' | 'link' | 'form' | 'bookmark' | 'back_forward' | 'other';

/** One address on the way to a page, in the order the browser went through them. */
export interface ChainHop {
  url: string;
  /** When the browser went to it (epoch milliseconds). */
  at: number;
  /**
   * How the browser was sent on to the next address: a server redirect
   * (HTTP 3xx; the browser tells only its first and last address) or a client
   * redirect (a meta refresh or a script). Absent on the last hop.
   */
  left?: 'server_redirect' | 'client_redirect';
}

/** The way the browser took to a tab's page: how it began, and every address on it, the page last. */
export interface NavigationChain {
  start: ChainStart;
  /** The page a link was followed or a form sent from, when the browser showed it in this tab or the tab that opened this one. */
  from?: string;
  hops: ChainHop[];
  /** Hops left out after the first one, when the way was longer than the keeper keeps. */
  skipped?: number;
}

/** What a report says of the way to its page: the setting was off, nothing was seen for the tab, or the way. */
export type ChainEvidence = { state: 'off' } | { state: 'unseen' } | { state: 'recorded'; chain: NavigationChain };

/** What the background keeps of one tab (the top frame only). */
export interface TabNavigation {
  /** The way to the page the tab shows. */
  chain?: NavigationChain;
  /** The ways to the pages shown before, newest first: back and forward find theirs again. */
  earlier?: NavigationChain[];
  /** Where the navigation under way in each outermost frame began (by frame id): a server redirect's first address. */
  starts?: Record<string, { url: string; at: number }>;
  /** The page of the tab that opened this one (a link to a new tab or window, or a script). */
  openedFrom?: string;
  /** Ways to prerendered pages, by document id, until one is shown in the tab. */
  prerendered?: Record<string, NavigationChain>;
}
