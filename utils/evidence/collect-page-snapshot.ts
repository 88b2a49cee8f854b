import type { PageSnapshot, SnapshotCaps } from './page-snapshot-types';
import { serializeWithShadows } from './shadow-html';
import { walkShadowRoots } from './shadow-walk';
import { readForms } from './snapshot-forms';
import { collectTexts, outboundHref, sourceOriginOf } from './snapshot-texts';

// What the page itself says about where it sends things: read inside the tab
// by the script the background injects (entrypoints/page-snapshot.ts), so the
// background never parses HTML. WXT bundles that script with every function
// this file imports, so they all run in the tab.

export type { PageForm, PageSnapshot, PlacedText, ShadowPlace, SnapshotCaps } from './page-snapshot-types';

/** Shadow roots read at most: a hostile page cannot make the walk endless. */
export const SHADOW_ROOTS_MAX = 500;
/** Levels of shadow roots inside shadow roots read at most. */
export const SHADOW_DEPTH_MAX = 32;
/** Milliseconds the page may spend looking for shadow roots. */
export const SHADOW_WALK_MAX_MS = 1_500;

/** A text cut to `max` characters, with an ellipsis when it was longer. */
export function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** `value` cut by `cut`, unless there is none. */
const cutIfAny = (value: string | undefined, cut: (text: string) => string): string | undefined => (value === undefined ? undefined : cut(value));

/**
 * Reads the snapshot in the page, the document and every open and closed
 * shadow root in it. Runs in the tab's isolated world (the injected script).
 */
export function collectPageSnapshot(caps: SnapshotCaps): PageSnapshot {
  const cut = (text: string): string => cutText(text, caps.textChars);
  const { trees, shadows, capped } = walkShadowRoots(caps, cut);
  const links = collectTexts(trees, 'a[href]', caps.links, (anchor) => cutIfAny(outboundHref((anchor as HTMLAnchorElement).href, location.origin), cut));
  const sourceOrigin = (element: Element) => cutIfAny(sourceOriginOf(element.getAttribute('src') ?? '', document.baseURI), cut);
  const scripts = collectTexts(trees, 'script[src]', caps.origins, sourceOrigin);
  const frames = collectTexts(trees, 'iframe[src]', caps.origins, sourceOrigin);
  // A page may have removed its root element.
  const root = document.documentElement;
  const html = root ? (shadows.size > 0 ? serializeWithShadows(root, shadows) : root.outerHTML) : '';
  return {
    url: cut(location.href),
    title: cut(document.title),
    html: html.slice(0, caps.htmlChars),
    htmlChars: html.length,
    truncated: html.length > caps.htmlChars,
    forms: readForms(trees, caps, cut),
    links: links.own,
    scriptOrigins: scripts.own,
    iframeOrigins: frames.own,
    ...(shadows.size > 0 || capped ? { shadow: { roots: shadows.size, capped, links: links.placed, scriptOrigins: scripts.placed, iframeOrigins: frames.placed } } : {}),
  };
}
