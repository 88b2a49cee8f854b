import { Parser } from 'htmlparser2';
import { isWebLink } from '../indicators/web-link';
import type { EmailLink } from './email-types';
import { attributesHide, cssUrls, fontSizeOf, hidingClasses } from './html-css';

// An HTML body read as a tokenizer reads it, never rendered: nothing is
// fetched, no script runs, and the text holds only what a reader would see.

/**
 * Elements whose content a reader never sees. <head> is not among them: a
 * browser shows text written in an unclosed <head>, so skipping it would
 * hide that text from the indicators; its <title>, <style> and <script> are.
 */
const HIDDEN = new Set(['script', 'style', 'title', 'template', 'iframe', 'noembed', 'noframes']);

/** Elements shown apart by an empty line: paragraphs and what a browser gives a margin. */
const PARAGRAPHS = new Set('address blockquote dl fieldset figure form h1 h2 h3 h4 h5 h6 hr ol p pre table ul'.split(' '));

/** Elements shown on lines of their own. */
const LINES = new Set('article aside center dd details dir div dt figcaption footer header li main nav section summary tbody tfoot thead tr'.split(' '));

/** Cells are apart on their line. */
const CELLS = new Set(['td', 'th']);

/** Link targets kept: what a click opens, and where a mailto: writes to. */
const KEPT_SCHEME = /^(?:https?:|mailto:)/i;

/** Any scheme; a relative target has none. */
const ANY_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** What an HTML body says: its text as a reader sees it, and its anchors. */
export interface HtmlReading {
  text: string;
  anchors: EmailLink[];
}

/** What an HTML body says: its text as a reader sees it, its anchors, and what it loads by itself. */
export interface HtmlReading {
  text: string;
  anchors: EmailLink[];
  /** What the HTML loads without a click (images, stylesheets, CSS url(), backgrounds): the first URL of each host, kind 'resource'. */
  resources: EmailLink[];
}

/**
 * Where an anchor goes: http(s) and mailto as written; a relative target
 * against the <base href> the email declared (where a click goes, and a
 * way to hide a domain from a scanner), a scheme-relative one against https.
 * javascript:, data:, cid: and fragments are not links to report.
 */
function linkTarget(href: string, base: string | undefined): string | undefined {
  // Browsers drop tabs and line ends in a URL, so "java\tscript:" is javascript:.
  const target = href.replace(/[\t\n\r]/g, '').trim();
  if (KEPT_SCHEME.test(target)) return target;
  if (target === '' || target.startsWith('#') || ANY_SCHEME.test(target)) return undefined;
  if (base === undefined && !target.startsWith('//')) return undefined;
  try {
    return new URL(target, base ?? 'https://invalid').href;
  } catch {
    return undefined;
  }
}

/** An anchor being read: where it goes, its text, and whether its reader sees any of it. */
interface OpenAnchor {
  href: string | undefined;
  text: string[];
  seen: boolean;
}

/** The state of one reading: what is written so far and where the tokenizer is. */
class HtmlWalk {
  readonly chunks: string[] = [];
  readonly anchors: EmailLink[] = [];
  readonly resources: EmailLink[] = [];
  readonly #resourceHosts = new Set<string>();
  readonly #hiddenClasses = new Set<string>();
  /** The open elements, whether each hides what it holds, and whether it sets a font size. */
  readonly #open: { name: string; hides: boolean; font: boolean }[] = [];
  #hiding = 0;
  /** The font sizes the open elements set, innermost last: text under a 'zero' is not seen. */
  readonly #fontSizes: ('zero' | 'set')[] = [];
  // The break the blocks around ask for (1 a line end, 2 an empty line), written before the next text: two blocks in a row break once.
  #pendingBreak = 0;
  #hidden = 0;
  #pre = 0;
  #style: string[] | undefined;
  #base: string | undefined;
  #baseSeen = false;
  #anchor: OpenAnchor | undefined;

  /** An element opens: blocks break the text, anchors start, resources and a <base> are read. */
  open(name: string, attributes: Record<string, string>): void {
    const hides = attributesHide(name, attributes, this.#hiddenClasses);
    const fontSize = fontSizeOf(attributes.style);
    this.#open.push({ name, hides, font: fontSize !== undefined });
    if (hides) this.#hiding++;
    if (fontSize) this.#fontSizes.push(fontSize);
    if (HIDDEN.has(name)) this.#hidden++;
    else if (name === 'pre') this.#pre++;
    if (name === 'style') this.#style = [];
    if (PARAGRAPHS.has(name)) this.#pendingBreak = 2;
    else if (LINES.has(name)) this.#pendingBreak = Math.max(this.#pendingBreak, 1);
    else if (name === 'br') this.chunks.push('\n');
    else if (CELLS.has(name)) this.chunks.push(' ');
    if (name === 'base') this.#readBase(attributes);
    this.#readResources(name, attributes);
    if (name === 'img' && this.#hiding === 0 && this.#anchor) this.#anchor.seen = true;
    if ((name === 'a' || name === 'area') && this.#hidden === 0) {
      this.closeAnchor();
      // An area is a part of its map's image: seen as that is.
      this.#anchor = { href: attributes.href === undefined ? undefined : linkTarget(attributes.href, this.#base), text: [], seen: name === 'area' };
      if (name === 'area') this.closeAnchor();
    }
  }

  /** Text: written unless hidden, and added to the open anchor's. */
  text(data: string): void {
    this.#style?.push(data);
    if (this.#hidden > 0) return;
    const text = this.#pre > 0 ? data : data.replace(/\s+/g, ' ');
    this.#anchor?.text.push(text);
    if (this.#anchor && this.#hiding === 0 && this.#fontSizes.at(-1) !== 'zero' && text.trim() !== '') this.#anchor.seen = true;
    // The blanks between two blocks are no text.
    if (this.#pendingBreak > 0 && text.trim() === '') return;
    if (this.#pendingBreak > 0) this.chunks.push(this.#pendingBreak === 2 ? '\n\n' : '\n');
    this.#pendingBreak = 0;
    this.chunks.push(text);
  }

  /** An element closes (htmlparser2 closes the ones it implies too): the blocks break, an anchor or a style sheet ends. */
  close(name: string): void {
    const at = this.#open.findLastIndex((element) => element.name === name);
    for (const element of at < 0 ? [] : this.#open.splice(at)) {
      if (element.hides) this.#hiding--;
      if (element.font) this.#fontSizes.pop();
    }
    if (HIDDEN.has(name)) this.#hidden = Math.max(0, this.#hidden - 1);
    else if (name === 'pre') this.#pre = Math.max(0, this.#pre - 1);
    if (name === 'style' && this.#style) this.#readStyleSheet(this.#style.join(''));
    if (name === 'a') this.closeAnchor();
    if (PARAGRAPHS.has(name)) this.#pendingBreak = 2;
    else if (LINES.has(name)) this.#pendingBreak = Math.max(this.#pendingBreak, 1);
  }

  /** Ends the open anchor: kept when it goes somewhere, marked hidden when its reader sees none of it. */
  closeAnchor(): void {
    const anchor = this.#anchor;
    this.#anchor = undefined;
    if (anchor?.href === undefined) return;
    this.anchors.push({ href: anchor.href, text: anchor.text.join('').replace(/\s+/g, ' ').trim(), in: 'html', ...(anchor.seen ? {} : { hidden: true as const }) });
  }

  /** The first <base href> counts (HTML, "the base element"); only an absolute web address can be one here. */
  #readBase(attributes: Record<string, string>): void {
    if (this.#baseSeen || attributes.href === undefined) return;
    this.#baseSeen = true;
    const declared = attributes.href.replace(/[\t\n\r]/g, '').trim();
    this.#base = /^https?:\/\//i.test(declared) ? declared : undefined;
  }

  /** What an element makes the client load: an image, a stylesheet, a background, a url() of its style. */
  #readResources(name: string, attributes: Record<string, string>): void {
    if (name === 'img' && attributes.src !== undefined) this.#addResource(attributes.src);
    if (name === 'link' && /(?:^|\s)stylesheet(?:\s|$)/i.test(attributes.rel ?? '') && attributes.href !== undefined) this.#addResource(attributes.href);
    if (attributes.background !== undefined) this.#addResource(attributes.background);
    if (attributes.style !== undefined) for (const url of cssUrls(attributes.style)) this.#addResource(url);
  }

  /** A <style>: the classes it hides, and what it loads. */
  #readStyleSheet(css: string): void {
    this.#style = undefined;
    for (const name of hidingClasses(css)) this.#hiddenClasses.add(name);
    for (const url of cssUrls(css)) this.#addResource(url);
  }

  /** Keeps a web address the HTML loads, the first of its host only: a newsletter's 40 images from one server are one host to report. */
  #addResource(written: string): void {
    const href = linkTarget(written, this.#base);
    const host = href && isWebLink(href) ? URL.parse(href)?.hostname : undefined;
    if (!href || !host || this.#resourceHosts.has(host)) return;
    this.#resourceHosts.add(host);
    this.resources.push({ href, in: 'html', kind: 'resource' });
  }
}

/** Reads an HTML body's text, links and resources, with htmlparser2's tokenizer: no DOM, so it runs in a worker. */
export function readHtml(html: string): HtmlReading {
  const walk = new HtmlWalk();
  const parser = new Parser(
    {
      onopentag: (name, attributes) => walk.open(name, attributes),
      ontext: (data) => walk.text(data),
      onclosetag: (name) => walk.close(name),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  walk.closeAnchor();
  return { text: tidyText(walk.chunks.join('')), anchors: walk.anchors, resources: walk.resources };
}

/** Lines without the blanks around them, at most one empty line in a row. */
function tidyText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
