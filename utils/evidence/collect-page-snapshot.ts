import type { PageSnapshot, SnapshotCaps, SnapshotLimits } from './page-snapshot-types';
import { serializeWithShadows } from './shadow-html';
import { walkShadowRoots } from './shadow-walk';
import { readForms } from './snapshot-forms';
import { collectTexts, outboundHref, sourceOriginOf } from './snapshot-texts';

// What the page itself says about where it sends things: read inside the tab
// by the script the background injects (entrypoints/page-snapshot.ts), so the
// background never parses HTML. WXT bundles that script with every function
// this file imports, so they all run in the tab.

export type { PageSnapshot, ShadowPlace, SnapshotCaps } from './page-snapshot-types';

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

/** How many texts in `value` cutText cut at `max` (they end in its ellipsis, one character past the cap). */
function countCutTexts(value: unknown, max: number): number {
  if (typeof value === 'string') return value.length === max + 1 && value.endsWith('…') ? 1 : 0;
  if (typeof value !== 'object' || value === null) return 0;
  let count = 0;
  for (const inner of Object.values(value)) count += countCutTexts(inner, max);
  return count;
}

/** The caps reached, each with how many there were, and the texts cut; undefined when none was. */
function limitsOf(counts: Record<Exclude<keyof SnapshotLimits, 'textsCut'>, SnapshotLimits['forms']>, textsCut: number): SnapshotLimits | undefined {
  const limits: SnapshotLimits = Object.fromEntries(Object.entries(counts).filter(([, count]) => count !== undefined));
  if (textsCut > 0) limits.textsCut = textsCut;
  return Object.keys(limits).length > 0 ? limits : undefined;
}

/**
 * Reads the snapshot in the page: the document, every open and closed shadow
 * root in it, and every frame of its origin. Runs in the tab's isolated world
 * (the injected script).
 */
export function collectPageSnapshot(caps: SnapshotCaps): PageSnapshot {
  const cut = (text: string): string => cutText(text, caps.textChars);
  const { trees, shadows, capped, frames: pageFrames, frameCount } = walkShadowRoots(caps, cut);
  const links = collectTexts(trees, 'a[href]', caps.links, (anchor) => cutIfAny(outboundHref((anchor as HTMLAnchorElement).href, location.origin), cut));
  const sourceOrigin = (element: Element) => cutIfAny(sourceOriginOf(element.getAttribute('src') ?? '', document.baseURI), cut);
  const scripts = collectTexts(trees, 'script[src]', caps.origins, sourceOrigin);
  const frames = collectTexts(trees, 'iframe[src]', caps.origins, sourceOrigin);
  const forms = readForms(trees, caps, cut);
  // A page may have removed its root element.
  const root = document.documentElement;
  const html = root ? (shadows.size > 0 ? serializeWithShadows(root, shadows) : root.outerHTML) : '';
  const snapshot: PageSnapshot = {
    url: cut(location.href),
    title: cut(document.title),
    html: html.slice(0, caps.htmlChars),
    htmlChars: html.length,
    truncated: html.length > caps.htmlChars,
    forms: forms.forms,
    links: links.own,
    scriptOrigins: scripts.own,
    iframeOrigins: frames.own,
    ...(shadows.size > 0 || capped ? { shadow: { roots: shadows.size, capped, links: links.placed, scriptOrigins: scripts.placed, iframeOrigins: frames.placed } } : {}),
    ...(pageFrames.length > 0 ? { frames: pageFrames } : {}),
  };
  const counts = {
    forms: forms.found > forms.forms.length ? { found: forms.found } : undefined,
    links: links.cut,
    scriptOrigins: scripts.cut,
    iframeOrigins: frames.cut,
    frames: frameCount > pageFrames.length ? { found: frameCount } : undefined,
  };
  const limits = limitsOf(counts, countCutTexts({ ...snapshot, html: '' }, caps.textChars));
  return limits ? { ...snapshot, limits } : snapshot;
}
