import { XHTML } from './shadow-walk';

// Runs in the tab, bundled into the injected script (entrypoints/page-snapshot.ts).

const VOIDS = /^(?:area|base|basefont|bgsound|br|col|embed|frame|hr|img|input|keygen|link|meta|param|source|track|wbr)$/;
const RAW = /^(?:style|script|xmp|iframe|noembed|noframes|plaintext|noscript)$/;
const ENTITIES: Record<string, string> = { '&': '&amp;', '\u00a0': '&nbsp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/** Text escaped as the HTML serialization algorithm does, in an attribute value or in text. */
export function escapeHtml(text: string, attribute: boolean): string {
  return text.replace(attribute ? /[&\u00a0"<>]/g : /[&\u00a0<>]/g, (char) => ENTITIES[char]!);
}

/** Every node on the way from a shadow host up to the document, across shadow boundaries: only these are written here. */
function pathsToHosts(hosts: Iterable<Element>): Set<Node> {
  const onPath = new Set<Node>();
  for (const host of hosts) {
    let node: Node | null = host;
    while (node && !onPath.has(node)) {
      onPath.add(node);
      const parent: Node | null = node.parentNode;
      node = parent && parent.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? ((parent as ShadowRoot).host ?? null) : parent;
    }
  }
  return onPath;
}

/** A text, comment or processing-instruction node as HTML; other nodes write nothing. */
function leafHtml(item: Node): string {
  if (item.nodeType === Node.TEXT_NODE) {
    const parent = item.parentNode as Element | null;
    const verbatim = parent?.nodeType === Node.ELEMENT_NODE && parent.namespaceURI === XHTML && RAW.test(parent.localName);
    return verbatim ? (item as Text).data : escapeHtml((item as Text).data, false);
  }
  if (item.nodeType === Node.COMMENT_NODE) return `<!--${(item as Comment).data}-->`;
  if (item.nodeType === Node.PROCESSING_INSTRUCTION_NODE) return `<?${(item as ProcessingInstruction).target} ${(item as ProcessingInstruction).data}>`;
  return '';
}

/** An element's start tag, and what follows it in order: its shadow root as a template, its children and its end tag (none for a void element). */
function openElement(element: Element, shadow: ShadowRoot | undefined): { start: string; next: (Node | string)[] } {
  const attributes = [...element.attributes].map((attribute) => ` ${attribute.name}="${escapeHtml(attribute.value, true)}"`).join('');
  const start = `<${element.localName}${attributes}>`;
  if (VOIDS.test(element.localName)) return { start, next: [] };
  const next: (Node | string)[] = shadow ? [`<template shadowrootmode="${shadow.mode}">`, ...shadow.childNodes, '</template>'] : [];
  next.push(...element.childNodes, `</${element.localName}>`);
  return { start, next };
}

/**
 * The HTML with each shadow root inline as a declarative `<template
 * shadowrootmode>`, first child of its host, as Chrome's getHTML writes it.
 * Subtrees without a host go by outerHTML; the rest is written here, without
 * recursion, so a host a million elements deep cannot overflow the stack.
 */
export function serializeWithShadows(top: Element, shadows: ReadonlyMap<Element, ShadowRoot>): string {
  const onPath = pathsToHosts(shadows.keys());
  const parts: string[] = [];
  const stack: (Node | string)[] = [top];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item === 'string') parts.push(item);
    else if (item.nodeType !== Node.ELEMENT_NODE) parts.push(leafHtml(item));
    else if (!onPath.has(item)) parts.push((item as Element).outerHTML);
    else {
      const { start, next } = openElement(item as Element, shadows.get(item as Element));
      parts.push(start);
      for (let at = next.length - 1; at >= 0; at--) stack.push(next[at]!);
    }
  }
  return parts.join('');
}
