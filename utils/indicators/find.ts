import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js';
import { checkIndicator } from './check';
import { readsAsProse } from './prose';
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
//
// Every pattern runs in time linear in its input, however long a run without
// blanks (a base64 image pasted into a text part): a match may start only
// where a name starts (a lookbehind), and what it repeats is bounded — a scheme
// at most 32 characters, a local part 64 (RFC 5321 §4.5.3.1.1), a label 63
// and a name 126 labels (RFC 1035 §2.3.4). Without that, every position of a
// long run started a scan to its end (issue 38: 16,000 characters took 3.8 s).
const PATTERNS: readonly RegExp[] = [
  // No dots in the scheme: refanged "(dot)" glued to a URL ("x..https://") must not become its scheme.
  /\b[a-z][a-z\d+-]{0,31}:\/\/[^\s<>"'`]+/giu,
  /(?<![^\s@<>()[\]"',;:])(?:mailto:)?[^\s@<>()[\]"',;:]{1,64}@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]+/giu,
  /\b\d{1,3}(?:\.\d{1,3}){3}\b/g,
  // Not inside a name, nor right after its dot or hyphen: "a.b.c" and "a-b-c" are read once, from their start.
  /(?<![\p{L}\p{N}_]|[\p{L}\p{N}][.-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.){1,126}[\p{L}\p{N}-]{2,63}(?![\p{L}\p{N}-])(?:\/[^\s<>"'`]*)?/gu,
];

/** Punctuation that ends a sentence rather than a link; the lookbehind makes a long run of it one try, not one per character. */
const TRAILING = /(?<![.,;:!?)\]}'"])[.,;:!?)\]}'"]+$/;

/** The characters libphonenumber-js reads a phone number from: its VALID_DIGITS, PLUS_CHARS and VALID_PUNCTUATION. */
const PHONE_CHARS =
  '0-9\\uFF10-\\uFF19\\u0660-\\u0669\\u06F0-\\u06F9+\\uFF0B\\-\\u2010-\\u2015\\u2212\\u30FC\\uFF0D\\uFF0F/\\uFF0E. \\xA0\\xAD\\u200B\\u2060\\u3000()\\uFF08\\uFF09\\uFF3B\\uFF3D\\[\\]~\\u2053\\u223C\\uFF5E';

/** A run of them, from where it starts (the lookbehind). */
const PHONE_RUN = new RegExp(`(?<![${PHONE_CHARS}])[${PHONE_CHARS}]+`, 'g');

/** The digits among them. */
const PHONE_DIGIT = /[0-9\uFF10-\uFF19\u0660-\u0669\u06F0-\u06F9]/g;

/** More digits in one run than four phone numbers in a row hold (E.164: 15 each): a table or encoded data, not a number to dial. */
const MAX_RUN_DIGITS = 60;

/** True for a run of phone characters that holds no phone number: more digits than MAX_RUN_DIGITS, or, read without a country, no plus sign. */
function holdsNoPhone(run: string, withCountry: boolean): boolean {
  return (run.match(PHONE_DIGIT)?.length ?? 0) > MAX_RUN_DIGITS || (!withCountry && !/[+\uFF0B]/.test(run));
}

/**
 * The text libphonenumber-js is given: each run of phone characters that
 * holds no phone number turned into line ends, so the offsets stay. It reads
 * in linear time but slowly, about 20 µs a character of digits and blanks
 * (1 MB of "1 1 1 …" took it 30 s); and without a country it reads only
 * numbers written with their +.
 */
function phoneText(text: string, withCountry: boolean): string {
  return text.replace(PHONE_RUN, (run) => (holdsNoPhone(run, withCountry) ? '\n'.repeat(run.length) : run));
}

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

/**
 * The spans `found` (in order, apart) that overlap none of `claimed` (in
 * order, apart), merged with them in order: one pass, where comparing each
 * with every other took minutes on a text of 100,000 indicators.
 */
function claim(claimed: readonly Span[], found: Iterable<Span>): Span[] {
  const merged: Span[] = [];
  let next = 0;
  for (const span of found) {
    while (next < claimed.length && claimed[next]!.end <= span.start) merged.push(claimed[next++]!);
    if (next < claimed.length && claimed[next]!.start < span.end) continue;
    merged.push(span);
  }
  return merged.concat(claimed.slice(next));
}

/** The spans a pattern matches, in order, without the punctuation that ends a sentence. */
function* matchSpans(text: string, pattern: RegExp, bare: boolean): Generator<Span> {
  for (const match of text.matchAll(pattern)) {
    const raw = match[0].replace(TRAILING, '');
    yield { start: match.index, end: match.index + raw.length, text: raw, bare };
  }
}

/**
 * Finds every URL, email, IPv4, domain and phone number in a selection or a
 * pasted list, refanged and checked, in the order they appear, each once.
 */
export function findIndicators(input: string, options: IndicatorOptions = {}): FoundIndicator[] {
  const text = refang(input);
  let spans: Span[] = [];
  PATTERNS.forEach((pattern, index) => {
    spans = claim(spans, matchSpans(text, pattern, index === PATTERNS.length - 1));
  });
  const phones = findPhoneNumbersInText(phoneText(text, options.defaultCountry !== undefined), options.defaultCountry as CountryCode | undefined);
  spans = claim(
    spans,
    phones.map((phone) => ({ start: phone.startsAt, end: phone.endsAt, text: text.slice(phone.startsAt, phone.endsAt), bare: false })),
  );
  const seen = new Set<string>();
  return spans.flatMap((span) => {
    const check = checkIndicator(span.text, options);
    if (span.bare && !(check.ok && !check.indicator.warnings.some(isSuffixWarning))) return [];
    if (span.bare && readsAsProse(span.text, text.slice(Math.max(0, span.start - 2), span.start), text.slice(span.end, span.end + 2))) return [];
    const key = check.ok ? `${check.indicator.type} ${check.indicator.value}` : `? ${span.text}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ text: span.text, check }];
  });
}
