import type { PageFrame, SnapshotCaps } from './page-snapshot-types';

// Kits put the login form in an `<iframe srcdoc>` or a frame they write by
// script (about:blank), where the document's own querySelectorAll never looks
// (issue 41). The snapshot walks into every frame of the page's origin from
// the top document (its `contentDocument`, as the injected script sees it):
// one injection, the same in every browser, whatever the extension may read
// of other sites. A frame of another origin is listed with where it loads
// from, never read: the browser keeps it apart, and activeTab grants the top
// page alone.
// Runs in the tab, bundled into the injected script (entrypoints/page-snapshot.ts).

/** Frames listed at most when the caps say none. */
const FRAMES_MAX = 50;
/** Levels of frames inside frames read at most when the caps say none. */
const FRAME_DEPTH_MAX = 5;

/** A frame's document as the tree walk reads it: its address and base for the forms' actions, and how deep it sits. */
export interface FrameTree {
  /** `PageFrame.source`: how the details name the frame. */
  source: string;
  url: string;
  base: string;
  level: number;
}

/** The frame's document when the page's origin may read it (same origin, srcdoc, about:blank); null otherwise. */
function frameDocument(frame: HTMLIFrameElement): Document | null {
  try {
    return frame.contentDocument;
  } catch {
    return null;
  }
}

/** The http(s) origin a frame loads from; '' for anything else. */
function httpOrigin(src: string, base: string): string {
  const url = URL.parse(src, base);
  return url && /^https?:$/.test(url.protocol) ? url.origin : '';
}

/** A sandbox without allow-same-origin gives the frame an origin of its own, even from srcdoc. */
function isSandboxed(frame: Element): boolean {
  const sandbox = frame.getAttribute('sandbox');
  return sandbox !== null && !/(^|\s)allow-same-origin(\s|$)/i.test(sandbox);
}

/** What a frame is, from its element and (when readable) its document. */
export function describeFrame(frame: HTMLIFrameElement, doc: Document | null, cut: (text: string) => string): Omit<PageFrame, 'read'> & { url: string } {
  const srcdoc = frame.hasAttribute('srcdoc');
  if (doc) {
    const url = frame.contentWindow?.location.href ?? 'about:blank';
    if (srcdoc) return { source: 'srcdoc', kind: 'srcdoc', url };
    return url.startsWith('about:') ? { source: cut(url), kind: 'blank', url } : { source: cut(url), kind: 'same_origin', url };
  }
  const origin = srcdoc ? 'srcdoc' : cut(httpOrigin(frame.getAttribute('src') ?? '', document.baseURI));
  return { source: origin, kind: isSandboxed(frame) ? 'sandboxed' : 'cross_origin', url: '' };
}

/**
 * Lists a frame met in a tree `level` frames deep; answers its document to
 * read when it is readable and within the caps (FRAMES_MAX listed,
 * FRAME_DEPTH_MAX deep), else null.
 */
export function visitFrame(
  frame: HTMLIFrameElement,
  level: number,
  found: { frames: PageFrame[]; frameCount: number },
  caps: SnapshotCaps,
  cut: (text: string) => string,
): { doc: Document; tree: FrameTree } | null {
  found.frameCount++;
  if (found.frames.length >= (caps.frames ?? FRAMES_MAX)) return null;
  const doc = frameDocument(frame);
  const { url, ...described } = describeFrame(frame, doc, cut);
  const read = doc !== null && level < (caps.frameDepth ?? FRAME_DEPTH_MAX);
  found.frames.push({ ...described, read });
  return read ? { doc, tree: { source: described.source, url, base: doc.baseURI, level: level + 1 } } : null;
}
