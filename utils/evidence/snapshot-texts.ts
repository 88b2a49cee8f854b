import type { PlacedText } from './page-snapshot-types';
import { everywhere, type SnapshotTree } from './shadow-walk';

// Runs in the tab, bundled into the injected script (entrypoints/page-snapshot.ts).

/** Distinct texts of the document, and those only its shadow roots have, with their place. */
export interface FoundTexts {
  own: string[];
  placed: PlacedText[];
}

/** Distinct texts read by `read` from the matches of `selector`, at most `max`: the document's, then the shadow roots' new ones. */
export function collectTexts(trees: readonly SnapshotTree[], selector: string, max: number, read: (element: Element) => string | undefined): FoundTexts {
  const seen = new Set<string>();
  const found: FoundTexts = { own: [], placed: [] };
  for (const { element, place } of everywhere(trees, selector)) {
    if (seen.size >= max) break;
    const text = read(element);
    if (text === undefined || seen.has(text)) continue;
    seen.add(text);
    if (place) found.placed.push({ text, place });
    else found.own.push(text);
  }
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
