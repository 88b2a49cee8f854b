import { Parser } from 'htmlparser2';
import type { EmailLink } from './email-types';

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

/** Reads an HTML body's text and links, with htmlparser2's tokenizer: no DOM, so it runs in a worker. */
export function readHtml(html: string): HtmlReading {
  const chunks: string[] = [];
  const anchors: EmailLink[] = [];
  // The break the blocks around ask for (1 a line end, 2 an empty line), written before the next text: two blocks in a row break once.
  let pendingBreak = 0;
  let hidden = 0;
  let pre = 0;
  let base: string | undefined;
  let baseSeen = false;
  let anchor: { href: string | undefined; text: string[] } | undefined;

  const closeAnchor = () => {
    if (anchor?.href !== undefined) anchors.push({ href: anchor.href, text: anchor.text.join('').replace(/\s+/g, ' ').trim(), in: 'html' });
    anchor = undefined;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (HIDDEN.has(name)) hidden++;
        else if (name === 'pre') pre++;
        if (PARAGRAPHS.has(name)) pendingBreak = 2;
        else if (LINES.has(name)) pendingBreak = Math.max(pendingBreak, 1);
        else if (name === 'br') chunks.push('\n');
        else if (CELLS.has(name)) chunks.push(' ');
        if (name === 'base' && !baseSeen && attributes.href !== undefined) {
          // The first <base href> counts (HTML, "the base element"); only an absolute web address can be one here.
          baseSeen = true;
          const declared = attributes.href.replace(/[\t\n\r]/g, '').trim();
          base = /^https?:\/\//i.test(declared) ? declared : undefined;
        }
        if ((name === 'a' || name === 'area') && hidden === 0) {
          closeAnchor();
          anchor = { href: attributes.href === undefined ? undefined : linkTarget(attributes.href, base), text: [] };
          if (name === 'area') closeAnchor();
        }
      },
      ontext(data) {
        if (hidden > 0) return;
        const text = pre > 0 ? data : data.replace(/\s+/g, ' ');
        anchor?.text.push(text);
        // The blanks between two blocks are no text.
        if (pendingBreak > 0 && text.trim() === '') return;
        if (pendingBreak > 0) chunks.push(pendingBreak === 2 ? '\n\n' : '\n');
        pendingBreak = 0;
        chunks.push(text);
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        else if (name === 'pre') pre = Math.max(0, pre - 1);
        if (name === 'a') closeAnchor();
        if (PARAGRAPHS.has(name)) pendingBreak = 2;
        else if (LINES.has(name)) pendingBreak = Math.max(pendingBreak, 1);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  closeAnchor();
  return { text: tidyText(chunks.join('')), anchors };
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
