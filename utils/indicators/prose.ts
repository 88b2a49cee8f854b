// A bare name found in running text (not a URL, an address or a link) may be
// two words that a missing blank joined: "país.Se" and "reserved.No" (a
// sentence ended, the next began without its blank), "Unusual sign.in
// activity" (a dot put inside a word to slip past filters). Such names fill
// the list with noise (issue 38, point 7); these rules tell them apart.

/** Country-code top-level domains that are also short English words. */
const WORD_TLDS = new Set(['am', 'as', 'at', 'be', 'by', 'do', 'in', 'is', 'it', 'me', 'my', 'no', 'so', 'to', 'us']);

/** True when the last label alone is capitalised ("Se", "The"): one who writes a domain capitalises its name, if anything, not only its top-level domain. */
function isSentenceBreak(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return /^\p{Lu}\p{Ll}+$/u.test(name.slice(dot + 1)) && !/\p{Lu}/u.test(name.slice(0, dot));
}

/** True for two lower-case words joined by a dot, the second an English word that is a ccTLD ("sign.in"), with a word of the sentence either side. */
function isJoinedWords(name: string, before: string, after: string): boolean {
  const tld = /^\p{Ll}+\.(\p{Ll}+)$/u.exec(name)?.[1];
  return tld !== undefined && WORD_TLDS.has(tld) && /\p{L} $/u.test(before) && /^ \p{Ll}/u.test(after);
}

/**
 * True when a bare name found in text reads as words of a sentence, not as a
 * domain: its top-level domain alone capitalised, or two words joined with a
 * dot in the middle of a sentence. `before` and `after` are the two characters
 * either side of it. Names with a hyphen, a digit in a word, three labels or a
 * path (`paypal.com.br-secure.in`, `login-microsoft.co`) are never words.
 */
export function readsAsProse(name: string, before: string, after: string): boolean {
  return isSentenceBreak(name) || isJoinedWords(name, before, after);
}
