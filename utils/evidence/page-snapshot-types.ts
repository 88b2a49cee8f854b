// The shapes collectPageSnapshot (page-snapshot.ts) sends back from the tab.
// Kept apart so the injected script's files hold only what runs in the tab.

/** Where something was found inside a shadow root: the root's mode and its host's tag. */
export interface ShadowPlace {
  mode: 'open' | 'closed';
  /** The host element's tag, as `<login-box>`. */
  host: string;
}

/** What a credential form asks for: a password, a card number (or its code), a one-time code. */
export type CredentialKind = 'password' | 'card' | 'one_time_code';

/** A form on the page and the fields it sends. */
export interface PageForm {
  /** Absolute URL the form submits to. */
  action: string;
  /** Lower-case: get, post or dialog. */
  method: string;
  inputs: { name: string; type: string }[];
  /** Set when the form is inside a shadow root; absent: in the document itself. */
  place?: ShadowPlace;
  /** Set when the form is inside a frame: the frame as `PageFrame.source` names it. */
  frame?: string;
  /** What it asks for, when it is a credential form (listed before the others). */
  credentials?: CredentialKind[];
  /** Named fields the form has, when more than `inputs` lists (the cap). */
  fieldCount?: number;
}

/** A frame of the page: where its document comes from, and whether it was read (issue 41). */
export interface PageFrame {
  /** 'srcdoc', 'about:blank', the frame's address when read, else the origin it loads from ('' when unknown). */
  source: string;
  kind: 'srcdoc' | 'blank' | 'same_origin' | 'cross_origin' | 'sandboxed';
  /** Its forms, links and origins are in the details; a cross-origin or sandboxed frame is never read, a frame past the caps neither. */
  read: boolean;
}

/** How many a list held when its cap cut it; `atLeast`: counting stopped too. */
export interface FoundCount {
  found: number;
  atLeast?: true;
}

/** The lists cut at their caps, each with how many there were; absent when nothing was cut. */
export interface SnapshotLimits {
  forms?: FoundCount;
  links?: FoundCount;
  scriptOrigins?: FoundCount;
  iframeOrigins?: FoundCount;
  frames?: FoundCount;
  /** Texts longer than `SnapshotCaps.textChars`, cut with an ellipsis. */
  textsCut?: number;
}

/** A link or origin found only inside a shadow root, and where. */
export interface PlacedText {
  text: string;
  place: ShadowPlace;
}

/** What the page's shadow roots (open and closed) hold beyond the document's own lists. */
interface ShadowFindings {
  /** Shadow roots read. */
  roots: number;
  /** The walk stopped at a cap (SnapshotCaps.shadowRoots, shadowDepth, shadowMillis): some may not have been read. */
  capped: boolean;
  /** Outbound links in shadow roots that the document itself does not have. */
  links: PlacedText[];
  scriptOrigins: PlacedText[];
  iframeOrigins: PlacedText[];
}

/**
 * What the page may send back: every list and every text is capped inside the
 * page, so a hostile page (a 50 MB DOM, a million fields, megabyte-long
 * links, endless shadow roots) never gets more than this across to the worker.
 */
export interface SnapshotCaps {
  /** Characters of HTML source. */
  htmlChars: number;
  /** Outbound links, in the document and its shadow roots together. */
  links: number;
  forms: number;
  fieldsPerForm: number;
  /** Distinct origins of scripts, and of frames, each. */
  origins: number;
  /** Characters of any other text: the title, each link, action, field name, origin and host tag. */
  textChars: number;
  /** Shadow roots read (open and closed); absent: 500. */
  shadowRoots?: number;
  /** Levels of shadow roots inside shadow roots read; absent: 32. */
  shadowDepth?: number;
  /** Milliseconds spent looking for shadow roots; absent: 1500. */
  shadowMillis?: number;
  /** Frames listed (and read, when same-origin); absent: 50. */
  frames?: number;
  /** Levels of frames inside frames read; absent: 5. */
  frameDepth?: number;
}

/** The page as the browser held it when the report was made. */
export interface PageSnapshot {
  url: string;
  title: string;
  /** The HTML, cut to the limit asked for; shadow roots inline as `<template shadowrootmode>`. */
  html: string;
  /** Length of the full HTML, before any cut. */
  htmlChars: number;
  truncated: boolean;
  /** Credential forms first, then the others; each in document order: the document's, its shadow roots' and its frames' (marked with their place). */
  forms: PageForm[];
  /** Distinct http(s) links to other origins, in document order. */
  links: string[];
  scriptOrigins: string[];
  iframeOrigins: string[];
  /** Absent when the page has no shadow root. */
  shadow?: ShadowFindings;
  /** Every frame found, read or not; absent when the page has none. */
  frames?: PageFrame[];
  /** The caps reached; absent when none was. */
  limits?: SnapshotLimits;
}

/**
 * What the injected script hands the worker: the page's address, title and
 * source, and its details already written in the tab (page-details.ts), so
 * the worker carries no code that formats them.
 */
export type TakenPage = Pick<PageSnapshot, 'url' | 'title' | 'html' | 'htmlChars' | 'truncated'> & { details: string };
