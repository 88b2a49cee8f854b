// The shapes collectPageSnapshot (page-snapshot.ts) sends back from the tab.
// Kept apart so the injected script's files hold only what runs in the tab.

/** Where something was found inside a shadow root: the root's mode and its host's tag. */
export interface ShadowPlace {
  mode: 'open' | 'closed';
  /** The host element's tag, as `<login-box>`. */
  host: string;
}

/** A form on the page and the fields it sends. */
export interface PageForm {
  /** Absolute URL the form submits to. */
  action: string;
  /** Lower-case: get, post or dialog. */
  method: string;
  inputs: { name: string; type: string }[];
  /** Set when the form is inside a shadow root; absent: in the document itself. */
  place?: ShadowPlace;
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
  /** The document's forms, then those in shadow roots (marked with their place). */
  forms: PageForm[];
  /** Distinct http(s) links to other origins, in document order. */
  links: string[];
  scriptOrigins: string[];
  iframeOrigins: string[];
  /** Absent when the page has no shadow root. */
  shadow?: ShadowFindings;
}
