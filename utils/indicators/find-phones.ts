import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js';
import { looksLikePhone } from './candidates';
import { checkIndicator } from './check';
import type { IndicatorCheck, IndicatorOptions } from './types';

// Phone numbers in a text, read by libphonenumber-js, and the runs that look
// like one it found none in ("+1 415 555 0199 2024", a local number without a
// default country): those are listed as not recognised, never dropped.

/** A phone number, or a run that looks like one, in a text: where, as written, and how it checks. */
export interface PhoneSpan {
  start: number;
  end: number;
  text: string;
  check: IndicatorCheck;
}

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

/** A run without what is not part of a number at either end: blanks, separators, a closing bracket it did not open. */
function trimRun(run: string): { lead: number; text: string } {
  const lead = /^[^\d+\uFF0B(\uFF08]*/.exec(run)![0].length;
  const text = run.slice(lead).replace(/[^\d)\uFF09]+$/, '');
  const unopened = /[)\uFF09]$/.test(text) && !/[(\uFF08]/.test(text);
  return { lead, text: unopened ? text.slice(0, -1).replace(/\D+$/, '') : text };
}

/** The runs of phone characters, trimmed, that overlap none of `phones` (in order): where libphonenumber-js read no number. */
function* unreadRuns(text: string, phones: readonly PhoneSpan[]): Generator<{ start: number; text: string }> {
  let next = 0;
  for (const match of text.matchAll(PHONE_RUN)) {
    const end = match.index + match[0].length;
    while (next < phones.length && phones[next]!.end <= match.index) next++;
    if (next < phones.length && phones[next]!.start < end) continue;
    const run = trimRun(match[0]);
    if (run.text) yield { start: match.index + run.lead, text: run.text };
  }
}

/**
 * The phone numbers in `text` (where other patterns' finds are blanked), and
 * the runs that look like a number but read as none, each with its check, in
 * order. A number is checked as the E.164 form it was read as: an extension or
 * a bracket around it ("(+1 415 555 0199)") does not make it invalid.
 */
export function findPhones(text: string, options: IndicatorOptions): PhoneSpan[] {
  const country = options.defaultCountry as CountryCode | undefined;
  const phones = findPhoneNumbersInText(phoneText(text, country !== undefined), country).map((phone) => {
    const written = text.slice(phone.startsAt, phone.endsAt);
    const lead = /^[([{\uFF08\uFF3B]*/.exec(written)![0].length;
    return { start: phone.startsAt + lead, end: phone.endsAt, text: written.slice(lead), check: checkIndicator(phone.number.number, options) };
  });
  const unread: PhoneSpan[] = [];
  for (const run of unreadRuns(text, phones)) {
    if (looksLikePhone(run.text)) unread.push({ start: run.start, end: run.start + run.text.length, text: run.text, check: checkIndicator(run.text, options) });
  }
  return [...phones, ...unread].sort((a, b) => a.start - b.start);
}
