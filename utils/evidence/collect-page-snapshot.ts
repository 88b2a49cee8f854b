import type { PageForm, PageSnapshot, PlacedText, ShadowPlace, SnapshotCaps } from './page-snapshot-types';

// What the page itself says about where it sends things: read inside the tab
// by the script the background injects (entrypoints/page-snapshot.ts), so the
// background never parses HTML.
// Phishing kits hide login forms in closed shadow roots, which outerHTML and
// querySelectorAll never enter: the walk below reads them with the
// extension-only APIs an injected function has in the isolated world.

export type { PageForm, PageSnapshot, PlacedText, ShadowPlace, SnapshotCaps } from './page-snapshot-types';

/** Shadow roots read at most: a hostile page cannot make the walk endless. */
export const SHADOW_ROOTS_MAX = 500;
/** Levels of shadow roots inside shadow roots read at most. */
export const SHADOW_DEPTH_MAX = 32;
/** Milliseconds the page may spend looking for shadow roots. */
export const SHADOW_WALK_MAX_MS = 1_500;

/**
 * Reads the snapshot in the page, the document and every open and closed
 * shadow root in it. Runs in the tab's isolated world (the injected script).
 */
export function collectPageSnapshot(caps: SnapshotCaps): PageSnapshot {
  const pageUrl = location.href;
  const pageOrigin = location.origin;
  const cut = (text: string): string => (text.length > caps.textChars ? `${text.slice(0, caps.textChars)}…` : text);
  const maxRoots = caps.shadowRoots ?? 500;
  const maxDepth = caps.shadowDepth ?? 32;
  // Asking Chromium for a closed root costs microseconds an element (250,000
  // divs took over 1.5 s): a page of millions must not spend the capture's
  // whole time limit on the walk.
  const deadline = performance.now() + (caps.shadowMillis ?? 1_500);

  // Closed roots: chrome.dom.openOrClosedShadowRoot (Chromium) or the
  // content-script-only element.openOrClosedShadowRoot (Firefox); a browser
  // with neither shows the open ones only.
  type ShadowReader = (element: Element) => ShadowRoot | null | undefined;
  const dom = (globalThis as { chrome?: { dom?: { openOrClosedShadowRoot?: ShadowReader } } }).chrome?.dom;
  const shadowOf = (element: Element): ShadowRoot | null => {
    try {
      if (typeof dom?.openOrClosedShadowRoot === 'function') return dom.openOrClosedShadowRoot(element) ?? null;
      const firefox = (element as Element & { openOrClosedShadowRoot?: ShadowRoot | null }).openOrClosedShadowRoot;
      return firefox !== undefined ? firefox : element.shadowRoot;
    } catch {
      return null;
    }
  };
  // Only these HTML elements can host a shadow root (DOM spec, attachShadow): the rest are not asked.
  const hostName = /^(?:article|aside|blockquote|body|div|footer|h[1-6]|header|main|nav|p|section|span)$|-/;
  const xhtml = 'http://www.w3.org/1999/xhtml';

  // Breadth first, so the caps keep the outer roots a user would see first.
  const trees: { root: Document | ShadowRoot; depth: number; place?: ShadowPlace }[] = [{ root: document, depth: 0 }];
  const shadows = new Map<Element, ShadowRoot>();
  let capped = false;
  let looked = 0;
  walk: for (let index = 0; index < trees.length; index++) {
    const { root, depth } = trees[index]!;
    for (const element of root.querySelectorAll('*')) {
      if (++looked % 256 === 0 && performance.now() > deadline) {
        capped = true;
        break walk;
      }
      if (element.namespaceURI !== xhtml || !hostName.test(element.localName)) continue;
      const shadow = shadowOf(element);
      if (!shadow) continue;
      if (shadows.size >= maxRoots) {
        capped = true;
        break walk;
      }
      if (depth >= maxDepth) {
        capped = true;
        continue;
      }
      shadows.set(element, shadow);
      trees.push({ root: shadow, depth: depth + 1, place: { mode: shadow.mode === 'closed' ? 'closed' : 'open', host: cut(`<${element.localName}>`) } });
    }
  }

  /**
   * The HTML with each shadow root inline as a declarative `<template
   * shadowrootmode>`, first child of its host, as Chrome's getHTML writes it.
   * Subtrees without a host go by outerHTML; the rest is written here, without
   * recursion, so a host a million elements deep cannot overflow the stack.
   */
  function serializeWithShadows(top: Element): string {
    const onPath = new Set<Node>();
    for (const host of shadows.keys()) {
      let node: Node | null = host;
      while (node && !onPath.has(node)) {
        onPath.add(node);
        const parent: Node | null = node.parentNode;
        node = parent && parent.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? ((parent as ShadowRoot).host ?? null) : parent;
      }
    }
    const voids = /^(?:area|base|basefont|bgsound|br|col|embed|frame|hr|img|input|keygen|link|meta|param|source|track|wbr)$/;
    const raw = /^(?:style|script|xmp|iframe|noembed|noframes|plaintext|noscript)$/;
    const escaped = (text: string, attribute: boolean) =>
      text.replace(attribute ? /[&\u00a0"<>]/g : /[&\u00a0<>]/g, (char) => ({ '&': '&amp;', '\u00a0': '&nbsp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[char]!);
    const parts: string[] = [];
    const stack: (Node | string)[] = [top];
    while (stack.length > 0) {
      const item = stack.pop()!;
      if (typeof item === 'string') parts.push(item);
      else if (item.nodeType === Node.ELEMENT_NODE) {
        const element = item as Element;
        if (!onPath.has(element)) {
          parts.push(element.outerHTML);
          continue;
        }
        const attributes = [...element.attributes].map((attribute) => ` ${attribute.name}="${escaped(attribute.value, true)}"`).join('');
        parts.push(`<${element.localName}${attributes}>`);
        if (voids.test(element.localName)) continue;
        const shadow = shadows.get(element);
        const next: (Node | string)[] = shadow ? [`<template shadowrootmode="${shadow.mode}">`, ...shadow.childNodes, '</template>'] : [];
        next.push(...element.childNodes, `</${element.localName}>`);
        for (let at = next.length - 1; at >= 0; at--) stack.push(next[at]!);
      } else if (item.nodeType === Node.TEXT_NODE) {
        const parent = item.parentNode as Element | null;
        const verbatim = parent?.nodeType === Node.ELEMENT_NODE && parent.namespaceURI === xhtml && raw.test(parent.localName);
        parts.push(verbatim ? (item as Text).data : escaped((item as Text).data, false));
      } else if (item.nodeType === Node.COMMENT_NODE) parts.push(`<!--${(item as Comment).data}-->`);
      else if (item.nodeType === Node.PROCESSING_INSTRUCTION_NODE) parts.push(`<?${(item as ProcessingInstruction).target} ${(item as ProcessingInstruction).data}>`);
    }
    return parts.join('');
  }

  /** Each element matching `selector` in the document, then in each shadow root, with its place. */
  function* everywhere(selector: string): Generator<{ element: Element; place?: ShadowPlace }> {
    for (const { root, place } of trees) for (const element of root.querySelectorAll(selector)) yield { element, place };
  }

  // Attributes, not form.action / form.method: a field named "action" or
  // "method" shadows those properties (DOM clobbering), which kits can use.
  const forms: PageForm[] = [];
  for (const { element: form, place } of everywhere('form')) {
    if (forms.length >= caps.forms) break;
    const actionAttribute = form.getAttribute('action') ?? '';
    let action = pageUrl;
    try {
      // HTML spec: an empty or missing action submits to the document's URL.
      if (actionAttribute.trim() !== '') action = new URL(actionAttribute.trim(), document.baseURI).href;
    } catch {
      action = actionAttribute;
    }
    const methodAttribute = (form.getAttribute('method') ?? '').trim().toLowerCase();
    const method = methodAttribute === 'post' || methodAttribute === 'dialog' ? methodAttribute : 'get';
    const inputs = [...form.querySelectorAll('input[name], select[name], textarea[name]')].filter((field) => field.getAttribute('name'));
    const fields = inputs.slice(0, caps.fieldsPerForm).map((field) => {
      const tag = field.tagName.toLowerCase();
      const type = tag === 'input' ? (field as HTMLInputElement).type : tag;
      return { name: cut(field.getAttribute('name') ?? ''), type: cut(type) };
    });
    forms.push({ action: cut(action), method, inputs: fields, ...(place ? { place } : {}) });
  }

  /** Distinct texts read by `read` from the matches of `selector`, at most `max`: the document's, then the shadow roots' new ones. */
  const collect = (selector: string, max: number, read: (element: Element) => string | undefined): { own: string[]; placed: PlacedText[] } => {
    const seen = new Set<string>();
    const own: string[] = [];
    const placed: PlacedText[] = [];
    for (const { element, place } of everywhere(selector)) {
      if (seen.size >= max) break;
      const text = read(element);
      if (text === undefined || seen.has(text)) continue;
      seen.add(text);
      if (place) placed.push({ text, place });
      else own.push(text);
    }
    return { own, placed };
  };
  const outbound = (anchor: Element): string | undefined => {
    try {
      const target = new URL((anchor as HTMLAnchorElement).href);
      return (target.protocol === 'http:' || target.protocol === 'https:') && target.origin !== pageOrigin ? cut(target.href) : undefined;
    } catch {
      // An href the browser cannot resolve leads nowhere.
      return undefined;
    }
  };
  const sourceOrigin = (element: Element): string | undefined => {
    try {
      const source = new URL(element.getAttribute('src') ?? '', document.baseURI);
      return source.protocol === 'http:' || source.protocol === 'https:' ? cut(source.origin) : undefined;
    } catch {
      // Not a URL: nothing was loaded from it.
      return undefined;
    }
  };
  const links = collect('a[href]', caps.links, outbound);
  const scripts = collect('script[src]', caps.origins, sourceOrigin);
  const frames = collect('iframe[src]', caps.origins, sourceOrigin);

  // A page may have removed its root element.
  const html = document.documentElement ? (shadows.size > 0 ? serializeWithShadows(document.documentElement) : document.documentElement.outerHTML) : '';
  return {
    url: cut(pageUrl),
    title: cut(document.title),
    html: html.slice(0, caps.htmlChars),
    htmlChars: html.length,
    truncated: html.length > caps.htmlChars,
    forms,
    links: links.own,
    scriptOrigins: scripts.own,
    iframeOrigins: frames.own,
    ...(shadows.size > 0 || capped ? { shadow: { roots: shadows.size, capped, links: links.placed, scriptOrigins: scripts.placed, iframeOrigins: frames.placed } } : {}),
  };
}
