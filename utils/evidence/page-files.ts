import { i18n } from '#i18n';
import { oneLine } from './one-line';
import type { TakenPage } from './page-snapshot-types';

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

function sourceLines(page: TakenPage): string[] {
  const html = prefixWithinBytes(page.html, PAGE_SOURCE_MAX_BYTES);
  const snapshot = html === page.html ? page : { ...page, html, truncated: true };
  return [
    i18n.t('page_evidence.source_header', [oneLine(snapshot.url)]),
    ...(snapshot.truncated ? [i18n.t('page_evidence.source_truncated', [snapshot.html.length, snapshot.htmlChars])] : []),
    '',
    snapshot.html,
  ];
}

/** The details' text (written in the tab, page-details.ts), cut with a note where it passes PAGE_DETAILS_MAX_BYTES. */
function fittedDetailLines({ details: text }: TakenPage): string[] {
  const kept = prefixWithinBytes(text, PAGE_DETAILS_MAX_BYTES);
  return kept === text ? [text] : [kept, '', i18n.t('page_evidence.details_cut', [PAGE_DETAILS_MAX_BYTES])];
}

/** The page files a report asked for: its HTML source and/or its details (forms, links, origins, frames). */
export function pageEvidenceFiles(snapshot: TakenPage, include: { source: boolean; details: boolean }): File[] {
  return [...(include.source ? [textFile(sourceLines(snapshot), PAGE_SOURCE_NAME)] : []), ...(include.details ? [textFile(fittedDetailLines(snapshot), PAGE_DETAILS_NAME)] : [])];
}
