import { defangedNames, looksLikeHostName } from './candidates';
import { checkIndicator } from './check';
import { findPhones } from './find-phones';
import { readsAsProse } from './prose';
import { refang } from './refang';
import { unwrapRedirect } from './safe-links';
import type { IndicatorCheck, IndicatorOptions } from './types';
import { isSuffixWarning } from './warnings';

// The review window loads this module after it first paints; it checks what the user adds with the same rules.
export { checkIndicator } from './check';

/** One indicator found in a text: what was written there, and what it checks as. */
export interface FoundIndicator {
  /** The refanged text it was read from. */
  text: string;
  check: IndicatorCheck;
  /** The link scanner's or redirector's URL it was unwrapped from (Safe Links, URL Defense…): the page it leads to is what to report. */
  unwrappedFrom?: string;
}

/** What a text holds that looks like an indicator but is not reported: what was written, and how it checks (its problem, or the warning that keeps it out). */
export interface NotRecognised {
  text: string;
  check: IndicatorCheck;
}

/** What the finder reads in a text: the indicators, and what it does not recognise as one. */
export interface TextIndicators {
  found: FoundIndicator[];
  notRecognised: NotRecognised[];
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

interface Span {
  start: number;
  end: number;
  text: string;
  /**
   * Only domain-shaped: kept only when it checks under a known top-level
   * domain (prose is full of "file.txt" and "e.g") or was written defanged.
   * A URL or email under an unknown one is kept, with its warning.
   */
  bare: boolean;
}

/** A span and how it checks. */
type CheckedSpan = Span & { check: IndicatorCheck };

/**
 * The spans `found` (in order, apart) that overlap none of `claimed` (in
 * order, apart), merged with them in order: one pass, where comparing each
 * with every other took minutes on a text of 100,000 indicators.
 */
function claim<T extends Span>(claimed: readonly T[], found: Iterable<T>): T[] {
  const merged: T[] = [];
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
 * What becomes of a span: reported ('found'), listed as not recognised, or
 * left out (prose, a file name, a number). A bare name is reported when it
 * checks under a known top-level domain, or under any when written defanged
 * (`acrne[.]example`: the writer meant it); otherwise, when it reads as a host
 * name (`intranet.corp`), it is not recognised.
 */
function verdict(span: CheckedSpan, text: string, defanged: ReadonlySet<string>): 'found' | 'not_recognised' | 'none' {
  if (!span.bare) return 'found';
  if (readsAsProse(span.text, text.slice(Math.max(0, span.start - 2), span.start), text.slice(span.end, span.end + 2))) return 'none';
  const { check } = span;
  if (check.ok && (!check.indicator.warnings.some(isSuffixWarning) || defanged.has(span.text.split(/[/?#]/, 1)[0]!.toLowerCase()))) return 'found';
  return looksLikeHostName(span.text) ? 'not_recognised' : 'none';
}

/** The text with `spans` (in order) turned into line ends, the offsets kept: the phone reader does not read into a URL, an address or an IPv4. */
function blanked(text: string, spans: readonly Span[]): string {
  let at = 0;
  const pieces: string[] = [];
  for (const span of spans) {
    pieces.push(text.slice(at, span.start), '\n'.repeat(span.end - span.start));
    at = span.end;
  }
  return pieces.join('') + text.slice(at);
}

/**
 * Each once, in order: an indicator by its type and value, anything else by
 * its text. The first keeps the wrapper a later one was unwrapped from (the
 * page named, then its Safe Links URL: both say the same page).
 */
function firstOfEach<T extends NotRecognised & { unwrappedFrom?: string }>(items: readonly T[]): T[] {
  const first = new Map<string, T>();
  for (const item of items) {
    const { text, check } = item;
    const key = check.ok ? `${check.indicator.type} ${check.indicator.value}` : `? ${text.toLowerCase()}`;
    const known = first.get(key);
    if (!known) first.set(key, item);
    else if (item.unwrappedFrom && !known.unwrappedFrom) first.set(key, { ...known, unwrappedFrom: item.unwrappedFrom });
  }
  return [...first.values()];
}

/** A link scanner's or a redirector's URL read as the page it leads to, the wrapper kept, as an email's links are; anything else as it is. */
function unwrapped({ text, check }: FoundIndicator, options: IndicatorOptions): FoundIndicator {
  if (!check.ok || check.indicator.type !== 'url') return { text, check };
  const original = unwrapRedirect(check.indicator.value);
  const target = original ? checkIndicator(original, options) : null;
  return original && target?.ok ? { text: original, check: target, unwrappedFrom: check.indicator.value } : { text, check };
}

/**
 * Reads a selection, a pasted list or an email's text: every URL, email,
 * IPv4, domain and phone number in it, refanged and checked, in the order
 * they appear, each once (a link scanner's URL as the page it leads to);
 * and what looks like one but is not reported, with
 * its check (an unknown top-level domain, a number that needs a country), so
 * nothing a user selected vanishes without a word.
 */
export function readIndicators(input: string, options: IndicatorOptions = {}): TextIndicators {
  const text = refang(input);
  let spans: Span[] = [];
  PATTERNS.forEach((pattern, index) => {
    spans = claim(spans, matchSpans(text, pattern, index === PATTERNS.length - 1));
  });
  const defanged = defangedNames(input);
  const checked = spans.map((span): CheckedSpan => ({ ...span, check: checkIndicator(span.text, options) }));
  const groups = Map.groupBy(checked, (span) => verdict(span, text, defanged));
  const found = groups.get('found') ?? [];
  const phones = findPhones(blanked(text, found), options).map((phone) => ({ ...phone, bare: false }));
  const read = claim(
    found,
    phones.filter((phone) => phone.check.ok),
  ).map((span) => unwrapped(span, options));
  const missed = claim(
    groups.get('not_recognised') ?? [],
    phones.filter((phone) => !phone.check.ok),
  );
  return { found: firstOfEach(read), notRecognised: firstOfEach(missed).map(({ text: written, check }) => ({ text: written, check })) };
}

/** The indicators of a selection, a pasted list or an email's text (see readIndicators): the one finder every door uses. */
export function findIndicators(input: string, options: IndicatorOptions = {}): FoundIndicator[] {
  return readIndicators(input, options).found;
}
