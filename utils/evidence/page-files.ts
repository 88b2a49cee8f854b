import { i18n } from '#i18n';
import { oneLine } from './one-line';
import { SHADOW_DEPTH_MAX, SHADOW_ROOTS_MAX, SHADOW_WALK_MAX_MS, type PageForm, type PageSnapshot, type PlacedText, type ShadowPlace } from './collect-page-snapshot';

// The page snapshot as files a registrar or host can read: plain .txt, the
// only text type the service accepts, so the HTML goes as text, not .html.

/** File name of the page's HTML source. */
export const PAGE_SOURCE_NAME = 'page-source.txt';
/** File name of the page's forms, links and loaded origins. */
export const PAGE_DETAILS_NAME = 'page-details.txt';
/**
 * Bytes (UTF-8) of HTML kept: the page cuts by characters, and a character
 * can take 3 bytes. With the screenshot's 4 MB and the details' 1 MB, the
 * evidence stays under the service's 10 MB with room for the user's files.
 */
export const PAGE_SOURCE_MAX_BYTES = 3_000_000;
/** Bytes (UTF-8) of page details kept; the rest is cut with a note. */
export const PAGE_DETAILS_MAX_BYTES = 1_000_000;

/** The longest start of `text` that is at most `maxBytes` in UTF-8, never splitting a character. */
export function prefixWithinBytes(text: string, maxBytes: number): string {
  // Cheap exit: no character takes more than 3 bytes per UTF-16 unit.
  if (text.length * 3 <= maxBytes) return text;
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(maxBytes));
  return text.slice(0, read);
}

function textFile(lines: string[], name: string): File {
  return new File([lines.join('\n')], name, { type: 'text/plain' });
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

function sourceLines(page: PageSnapshot): string[] {
  const html = prefixWithinBytes(page.html, PAGE_SOURCE_MAX_BYTES);
  const snapshot = html === page.html ? page : { ...page, html, truncated: true };
  return [
    i18n.t('page_evidence.source_header', [oneLine(snapshot.url)]),
    ...(snapshot.truncated ? [i18n.t('page_evidence.source_truncated', [snapshot.html.length, snapshot.htmlChars])] : []),
    '',
    snapshot.html,
  ];
}

/** Where in the page a thing was found, said after it: '' for the document itself. */
function placeNote(place: ShadowPlace | undefined): string {
  if (!place) return '';
  return ` ${i18n.t(place.mode === 'closed' ? 'page_evidence.in_closed_shadow' : 'page_evidence.in_open_shadow', [oneLine(place.host)])}`;
}

/** A form's lines: where it sends, whether that is another site (credentials leaving), and its fields. */
function formLines(form: PageForm, index: number, pageOrigin: string | undefined): string[] {
  const actionOrigin = originOf(form.action);
  const fields = form.inputs.map(({ name, type }) => `    - ${oneLine(name)} (${oneLine(type)})${type === 'password' ? ` — ${i18n.t('page_evidence.password_field')}` : ''}`);
  return [
    `  ${i18n.t('page_evidence.form_sends_to', [index + 1, oneLine(form.action), oneLine(form.method.toUpperCase())])}${placeNote(form.place)}`,
    ...(actionOrigin && actionOrigin !== pageOrigin ? [`  ${i18n.t('page_evidence.form_other_origin')}`] : []),
    ...(fields.length > 0 ? fields : [i18n.t('page_evidence.form_no_fields')]),
  ];
}

function section(heading: string, lines: string[]): string[] {
  return [heading, ...(lines.length > 0 ? lines : [i18n.t('page_evidence.none')]), ''];
}

/** The details' lines, cut with a note where they pass PAGE_DETAILS_MAX_BYTES. */
function fittedDetailLines(snapshot: PageSnapshot): string[] {
  const text = detailLines(snapshot).join('\n');
  const kept = prefixWithinBytes(text, PAGE_DETAILS_MAX_BYTES);
  return kept === text ? [text] : [kept, '', i18n.t('page_evidence.details_cut', [PAGE_DETAILS_MAX_BYTES])];
}

/** How many shadow roots were read, and whether the walk stopped at its caps before the end. */
function shadowLines({ shadow }: PageSnapshot): string[] {
  if (!shadow) return [];
  return [i18n.t('page_evidence.shadow_roots', [shadow.roots]), ...(shadow.capped ? [i18n.t('page_evidence.shadow_capped', [SHADOW_ROOTS_MAX, SHADOW_DEPTH_MAX, SHADOW_WALK_MAX_MS / 1000])] : [])];
}

function detailLines(snapshot: PageSnapshot): string[] {
  const pageOrigin = originOf(snapshot.url);
  // The document's own, then those found only in shadow roots, each said where.
  const listed = (items: string[], placed: PlacedText[] = []): string[] => [...items.map((item) => `  ${oneLine(item)}`), ...placed.map(({ text, place }) => `  ${oneLine(text)}${placeNote(place)}`)];
  return [
    i18n.t('page_evidence.details_header', [oneLine(snapshot.url)]),
    ...(snapshot.title ? [i18n.t('page_evidence.title', [oneLine(snapshot.title)])] : []),
    ...shadowLines(snapshot),
    '',
    ...section(
      i18n.t('page_evidence.forms'),
      snapshot.forms.flatMap((form, index) => formLines(form, index, pageOrigin)),
    ),
    ...section(i18n.t('page_evidence.links'), listed(snapshot.links, snapshot.shadow?.links)),
    ...section(i18n.t('page_evidence.scripts'), listed(snapshot.scriptOrigins, snapshot.shadow?.scriptOrigins)),
    ...section(i18n.t('page_evidence.iframes'), listed(snapshot.iframeOrigins, snapshot.shadow?.iframeOrigins)),
  ];
}

/** The page files a report asked for: its HTML source and/or its details (forms, links, origins). */
export function pageEvidenceFiles(snapshot: PageSnapshot, include: { source: boolean; details: boolean }): File[] {
  return [...(include.source ? [textFile(sourceLines(snapshot), PAGE_SOURCE_NAME)] : []), ...(include.details ? [textFile(fittedDetailLines(snapshot), PAGE_DETAILS_NAME)] : [])];
}
