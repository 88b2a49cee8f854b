import { visitFrame, type FrameTree } from './frame-walk';
import type { PageFrame, ShadowPlace, SnapshotCaps } from './page-snapshot-types';

// Phishing kits hide login forms in closed shadow roots, which outerHTML and
// querySelectorAll never enter: the walk below reads them with the
// extension-only APIs an injected function has in the isolated world.
// Runs in the tab, bundled into the injected script (entrypoints/page-snapshot.ts).

/** A tree to read: the document, a frame's or a shadow root, how deep it sits, and where (absent: the top document itself). */
export interface SnapshotTree {
  root: Document | ShadowRoot;
  depth: number;
  place?: ShadowPlace;
  /** Set for a frame's document and the shadow roots inside it. */
  frame?: FrameTree;
}

/** The document, its frames and their shadow roots, breadth first, and whether a cap stopped the walk. */
export interface ShadowWalk {
  trees: SnapshotTree[];
  /** Each host read, with its shadow root. */
  shadows: Map<Element, ShadowRoot>;
  capped: boolean;
  /** Every frame met, up to the caps, read or not. */
  frames: PageFrame[];
  /** Frames met, listed or not. */
  frameCount: number;
}

/** The XHTML namespace: only its elements can host a shadow root. */
export const XHTML = 'http://www.w3.org/1999/xhtml';

/** Only these HTML elements can host a shadow root (DOM spec, attachShadow): the rest are not asked. */
const HOST_NAME = /^(?:article|aside|blockquote|body|div|footer|h[1-6]|header|main|nav|p|section|span)$|-/;

type ShadowReader = (element: Element) => ShadowRoot | null | undefined;

/**
 * An element's shadow root, closed ones too: chrome.dom.openOrClosedShadowRoot
 * (Chromium) or the content-script-only element.openOrClosedShadowRoot
 * (Firefox); a browser with neither shows the open ones only.
 */
function shadowRootOf(element: Element): ShadowRoot | null {
  const dom = (globalThis as { chrome?: { dom?: { openOrClosedShadowRoot?: ShadowReader } } }).chrome?.dom;
  try {
    if (typeof dom?.openOrClosedShadowRoot === 'function') return dom.openOrClosedShadowRoot(element) ?? null;
    const firefox = (element as Element & { openOrClosedShadowRoot?: ShadowRoot | null }).openOrClosedShadowRoot;
    return firefox !== undefined ? firefox : element.shadowRoot;
  } catch {
    return null;
  }
}

/** Whether the walk met a frame: an `iframe` or `frame` of HTML, which may hold a document. */
function isFrame(element: Element): element is HTMLIFrameElement {
  return element.namespaceURI === XHTML && (element.localName === 'iframe' || element.localName === 'frame');
}

/** Whether an element may host a shadow root, so the walk asks it. */
function mayHostShadow(element: Element): boolean {
  return element.namespaceURI === XHTML && HOST_NAME.test(element.localName);
}

/**
 * Finds the document's shadow roots and frames, breadth first so the caps keep
 * the outer roots a user would see first; a readable frame's document is read
 * as one more tree (frame-walk.ts). Asking Chromium for a closed root costs
 * microseconds an element (250,000 divs took over 1.5 s): a page of millions
 * must not spend the capture's whole time limit on the walk.
 */
export function walkShadowRoots(caps: SnapshotCaps, cut: (text: string) => string): ShadowWalk {
  const maxRoots = caps.shadowRoots ?? 500;
  const maxDepth = caps.shadowDepth ?? 32;
  const deadline = performance.now() + (caps.shadowMillis ?? 1_500);
  const walk: ShadowWalk = { trees: [{ root: document, depth: 0 }], shadows: new Map(), capped: false, frames: [], frameCount: 0 };
  let looked = 0;
  for (let index = 0; index < walk.trees.length; index++) {
    const { root, depth, frame } = walk.trees[index]!;
    for (const element of root.querySelectorAll('*')) {
      if (++looked % 256 === 0 && performance.now() > deadline) return { ...walk, capped: true };
      if (isFrame(element)) {
        const inner = visitFrame(element, frame?.level ?? 0, walk, caps, cut);
        if (inner) walk.trees.push({ root: inner.doc, depth: 0, frame: inner.tree });
        continue;
      }
      if (!mayHostShadow(element)) continue;
      const shadow = shadowRootOf(element);
      if (!shadow) continue;
      if (walk.shadows.size >= maxRoots) return { ...walk, capped: true };
      if (depth >= maxDepth) {
        walk.capped = true;
        continue;
      }
      walk.shadows.set(element, shadow);
      walk.trees.push({ root: shadow, depth: depth + 1, place: { mode: shadow.mode === 'closed' ? 'closed' : 'open', host: cut(`<${element.localName}>`) }, ...(frame ? { frame } : {}) });
    }
  }
  return walk;
}

/** An element found by `everywhere`, with the shadow root and the frame it sits in (absent: the top document). */
export interface PlacedElement {
  element: Element;
  place?: ShadowPlace;
  frame?: FrameTree;
}

/** Each element matching `selector` in the document, then in each shadow root and frame, with its place. */
export function* everywhere(trees: readonly SnapshotTree[], selector: string): Generator<PlacedElement> {
  for (const { root, place, frame } of trees) for (const element of root.querySelectorAll(selector)) yield { element, place, frame };
}
