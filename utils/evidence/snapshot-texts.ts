import type { FoundCount, PlacedText } from './page-snapshot-types';
import { everywhere, type SnapshotTree } from './shadow-walk';

// Runs in the tab, bundled into the injected script (entrypoints/page-snapshot.ts).

/** Distinct texts past a list's cap are counted up to this many: a page of a million links costs no more. */
const COUNT_CEILING = 10_000;

/** Distinct texts of the document and its frames, those only its shadow roots have with their place, and how many there were when the cap cut them. */
export interface FoundTexts {
  own: string[];
  placed: PlacedText[];
  cut?: FoundCount;
}

/** Distinct texts read by `read` from the matches of `selector`, at most `max`: the document's, then the shadow roots' and frames' new ones; the rest counted. */
export function collectTexts(trees: readonly SnapshotTree[], selector: string, max: number, read: (element: Element) => string | undefined): FoundTexts {
  const seen = new Set<string>();
  const found: FoundTexts = { own: [], placed: [] };
  let atLeast = false;
  for (const { element, place } of everywhere(trees, selector)) {
    if (seen.size >= Math.max(max, COUNT_CEILING)) {
      atLeast = true;
      break;
    }
    const text = read(element);
    if (text === undefined || seen.has(text)) continue;
    seen.add(text);
    if (seen.size > max) continue;
    if (place) found.placed.push({ text, place });
    else found.own.push(text);
  }
  if (seen.size > max) found.cut = { found: seen.size, ...(atLeast ? { atLeast: true as const } : {}) };
  return found;
}

/** A link's target when it leaves the page's origin over http(s); undefined otherwise. */
export function outboundHref(href: string, pageOrigin: string): string | undefined {
  try {
    const target = new URL(href);
    return (target.protocol === 'http:' || target.protocol === 'https:') && target.origin !== pageOrigin ? target.href : undefined;
  } catch {
    // An href the browser cannot resolve leads nowhere.
    return undefined;
  }
}

/** The origin a script or frame was loaded from over http(s); undefined otherwise. */
export function sourceOriginOf(src: string, baseUri: string): string | undefined {
  try {
    const source = new URL(src, baseUri);
    return source.protocol === 'http:' || source.protocol === 'https:' ? source.origin : undefined;
  } catch {
    // Not a URL: nothing was loaded from it.
    return undefined;
  }
}
