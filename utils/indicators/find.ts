import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js';
import { checkIndicator } from './check';
import { refang } from './refang';
import type { IndicatorCheck, IndicatorOptions } from './types';
import { isSuffixWarning } from './warnings';

/** One indicator found in a text: what was written there, and what it checks as. */
export interface FoundIndicator {
  /** The refanged text it was read from. */
  text: string;
  check: IndicatorCheck;
}

// Earlier patterns claim their text first: a URL's host is not found again as
// a domain, an email's domain neither.
const PATTERNS: readonly RegExp[] = [
  // No dots in the scheme: refanged "(dot)" glued to a URL ("x..https://") must not become its scheme.
  /\b[a-z][a-z\d+-]*:\/\/[^\s<>"'`]+/giu,
  /(?:mailto:)?[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]+/giu,
  /\b\d{1,3}(?:\.\d{1,3}){3}\b/g,
  /\b(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}\p{N}-]{2,}(?:\/[^\s<>"'`]*)?/gu,
];

/** Punctuation that ends a sentence rather than a link. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

interface Span {
  start: number;
  end: number;
  text: string;
  /**
   * Only domain-shaped: kept only when it checks under a known top-level
   * domain (prose is full of "file.txt" and "e.g"). A URL or email under an
   * unknown one is kept, with its warning.
   */
  bare: boolean;
}

function claim(spans: Span[], span: Span): void {
  if (spans.some((other) => span.start < other.end && span.end > other.start)) return;
  spans.push(span);
}

/**
 * Finds every URL, email, IPv4, domain and phone number in a selection or a
 * pasted list, refanged and checked, in the order they appear, each once.
 */
export function findIndicators(input: string, options: IndicatorOptions = {}): FoundIndicator[] {
  const text = refang(input);
  const spans: Span[] = [];
  PATTERNS.forEach((pattern, index) => {
    for (const match of text.matchAll(pattern)) {
      const raw = match[0].replace(TRAILING, '');
      claim(spans, { start: match.index, end: match.index + raw.length, text: raw, bare: index === PATTERNS.length - 1 });
    }
  });
  for (const phone of findPhoneNumbersInText(text, options.defaultCountry as CountryCode | undefined)) {
    claim(spans, { start: phone.startsAt, end: phone.endsAt, text: text.slice(phone.startsAt, phone.endsAt), bare: false });
  }
  const seen = new Set<string>();
  return spans
    .sort((a, b) => a.start - b.start)
    .flatMap((span) => {
      const check = checkIndicator(span.text, options);
      if (span.bare && !(check.ok && !check.indicator.warnings.some(isSuffixWarning))) return [];
      const key = check.ok ? `${check.indicator.type} ${check.indicator.value}` : `? ${span.text}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ text: span.text, check }];
    });
}
