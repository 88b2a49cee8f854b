// What a domain name looks like rather than what it is: two names with one
// skeleton are told apart by nobody reading them in an email. The idea is
// Unicode's (UTS #39 §4, confusables.txt), cut down to what matters in domain
// names: registries let a name mix scripts only in few ways, and what fools a
// reader is a letter that looks like a Latin one. A full confusables table
// (the npm `confusables` package, ~6,000 entries) would map symbols, math
// letters and scripts no registry takes, and ship all of it to every page.

/** Letters of other scripts, and Latin letters Unicode does not decompose, that read as one Latin letter (confusables.txt). */
const LOOKS_LATIN: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  // Greek
  ο: 'o',
  α: 'a',
  ν: 'v',
  τ: 't',
  ι: 'i',
  κ: 'k',
  ρ: 'p',
  υ: 'u',
  // Latin without a decomposition
  ı: 'i',
  ɑ: 'a',
  ɡ: 'g',
  ł: 'l',
  ø: 'o',
  đ: 'd',
};

/**
 * ASCII that reads as another letter in most fonts, applied in this order after
 * the letters above: digits first, so `c1oud` and `cloud` both end as `doud`.
 */
const LOOKS_LIKE: readonly [RegExp, string][] = [
  [/0/g, 'o'],
  // A capital I in a link's text is an l to the eye; DNS lower-cases it to i.
  [/[1i|]/g, 'l'],
  [/5/g, 's'],
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/cl/g, 'd'],
];

/**
 * The skeleton of a (Unicode) domain name: compatibility forms folded
 * (full-width letters), accents dropped (NFKD, then the marks removed),
 * lower-cased, letters of other scripts that look Latin made Latin, and ASCII
 * look-alikes (rn, vv, 0, 1…) made the letter they imitate.
 */
export function skeleton(name: string): string {
  const latin = Array.from(name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase(), (char) => LOOKS_LATIN[char] ?? char).join('');
  return LOOKS_LIKE.reduce((text, [pattern, letter]) => text.replace(pattern, letter), latin);
}
