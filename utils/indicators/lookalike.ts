import { toUnicode } from 'punycode/punycode.es6.js';
import { getDomainWithoutSuffix } from 'tldts';
import { parseIpv4 } from './ipv4';
import { asciiHost, isUnder, registrableDomain } from './registrable';
import { skeleton } from './skeleton';

// Phishing domains imitate the organisation's own: a letter of another script
// (exаmple.com with a Cyrillic а), ASCII that reads alike (examp1e, rnicrosoft),
// one typing slip (exmaple), the name with a word added (example-secure), or
// the whole own domain put in front of another (example.com.evil.example).

/** How a domain imitates an own domain. */
type LookalikeHow = 'homoglyph' | 'punycode' | 'spelling';

/** The own domain a domain imitates, and how. */
export interface Lookalike {
  /** The own domain, as the settings write it. */
  like: string;
  how: LookalikeHow;
}

/**
 * Own names shorter than this are matched only when the whole registrable
 * domain looks the same (ibrn.com), or stands whole in front of another
 * (ibm.com.evil.example): every three-letter name is one slip away from
 * hundreds of others, and a short name on another suffix (ibm.net) is as
 * likely someone else's.
 */
const MIN_SPELLING_LENGTH = 4;

/** The skeleton of an ASCII (punycode) name, read in Unicode. */
function looks(name: string): string {
  try {
    return skeleton(toUnicode(name));
  } catch {
    // Punycode the URL parser let through but cannot be read: compared as written.
    return skeleton(name);
  }
}

/** A domain taken apart: its registrable domain, the label before the suffix, the labels in front, and the skeletons of the first two. */
interface Parts {
  host: string;
  registrable: string;
  label: string;
  subdomain: string;
  looksRegistrable: string;
  looksLabel: string;
}

function partsOf(host: string): Parts {
  const registrable = registrableDomain(host);
  const label = getDomainWithoutSuffix(host) ?? registrable;
  const subdomain = host.slice(0, Math.max(0, host.length - registrable.length - 1));
  return { host, registrable, label, subdomain, looksRegistrable: looks(registrable), looksLabel: looks(label) };
}

/** True when `a` becomes `b` by one insertion, deletion, substitution or swap of two neighbours (Damerau–Levenshtein 1). */
function oneEditApart(a: string, b: string): boolean {
  const [long, short] = a.length >= b.length ? [Array.from(a), Array.from(b)] : [Array.from(b), Array.from(a)];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && long[i] === short[i]) i++;
  if (i === long.length) return false;
  const rest = (chars: string[], from: number) => chars.slice(from).join('');
  if (long.length > short.length) return rest(long, i + 1) === rest(short, i);
  return rest(long, i + 1) === rest(short, i + 1) || (long[i] === short[i + 1] && long[i + 1] === short[i] && rest(long, i + 2) === rest(short, i + 2));
}

/** True when `word` is one of the parts of `name` split at dots and hyphens, or several of them in a row. */
function holdsWord(name: string, word: string): boolean {
  const padded = `.${name}.`;
  for (let at = padded.indexOf(word); at >= 0; at = padded.indexOf(word, at + 1)) {
    if (/[.-]/.test(padded[at - 1]!) && /[.-]/.test(padded[at + word.length]!)) return true;
  }
  return false;
}

/** How `domain` imitates `own`, or null when it does not. */
function imitation(domain: Parts, own: Parts): LookalikeHow | null {
  const idn = /(^|\.)xn--/.test(domain.registrable);
  const long = own.label.length >= MIN_SPELLING_LENGTH;
  const label = domain.looksLabel;
  const ownLabel = own.looksLabel;
  const looksSame = domain.looksRegistrable === own.looksRegistrable;
  if (looksSame || (long && label === ownLabel)) {
    if (idn) return 'punycode';
    // The same name under another suffix (examplebank.net) is a slip of the suffix, not of the eye.
    return domain.label === own.label && !looksSame ? 'spelling' : 'homoglyph';
  }
  const spelled =
    holdsWord(domain.subdomain, own.registrable) || (long && (oneEditApart(label, ownLabel) || (label !== ownLabel && holdsWord(label, ownLabel)) || holdsWord(domain.subdomain, own.label)));
  if (!spelled) return null;
  return idn ? 'punycode' : 'spelling';
}

/**
 * A check of domains against the own domains, parsed once: for each domain
 * (ASCII, punycode or Unicode), the own domain it imitates without being it or
 * under it, and how — see findLookalike.
 */
export function lookalikeFinder(ownDomains: readonly string[]): (domain: string) => Lookalike | null {
  const owns = ownDomains.flatMap((own) => {
    const ownHost = asciiHost(own);
    return ownHost ? [{ like: own.trim().toLowerCase(), parts: partsOf(ownHost) }] : [];
  });
  return (domain) => {
    const host = asciiHost(domain);
    if (!host || !host.includes('.') || parseIpv4(host)) return null;
    const parts = partsOf(host);
    if (owns.some((own) => isUnder(host, own.parts.host) || parts.registrable === own.parts.registrable)) return null;
    for (const own of owns) {
      const how = imitation(parts, own.parts);
      if (how) return { like: own.like, how };
    }
    return null;
  };
}

/**
 * The own domain that `domain` (ASCII, punycode or Unicode) imitates without
 * being it or under it, and how: `punycode` for an internationalised name
 * (whichever way it imitates), `homoglyph` for ASCII that reads alike, `spelling` for a slip, an added word
 * or the own domain in front of another. Registrable domains are compared, so
 * a name under the same registrable domain as an own one is never a lookalike.
 */
export function findLookalike(domain: string, ownDomains: readonly string[]): Lookalike | null {
  return lookalikeFinder(ownDomains)(domain);
}
