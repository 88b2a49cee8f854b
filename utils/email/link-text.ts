import { checkIndicator } from '../indicators/check';
import { withoutInvisible } from '../indicators/invisible';
import { indicatorHost } from '../indicators/registrable';
import { unwrapRedirect } from '../indicators/safe-links';
import type { Indicator } from '../indicators/types';
import { isSuffixWarning } from '../indicators/warnings';

// An HTML link shows one thing and goes to another: its text may itself read
// as a URL or domain ("www.examplebank.com") while the target is elsewhere,
// the oldest trick of phishing email. Both sides are read here.

/** What a link's text shows as a place: the text as read, the URL or domain it checks as, and its host. */
export interface ShownPlace {
  text: string;
  indicator: Indicator;
  host: string;
}

/** Brackets, quotes and sentence punctuation around a link's text, not part of what it shows. */
const BEFORE = /^[\s<([{"'“‘]+/;

/** The same after it, a run of it tried once, from where it starts (the lookbehind): trying each of its characters took seconds on a long run. */
const AFTER = /(?<![\s>)\]}"'”’.,;:!?])[\s>)\]}"'”’.,;:!?]+$/;

/**
 * The URL or domain a link's text reads as, once its invisible characters,
 * surrounding brackets and punctuation are dropped; null for words ("Click
 * here"), an address, or a name under no known top-level domain ("file.txt").
 */
export function shownPlace(linkText: string): ShownPlace | null {
  const text = withoutInvisible(linkText).replace(BEFORE, '').replace(AFTER, '');
  if (!text || /\s/.test(text)) return null;
  const check = checkIndicator(text);
  if (!check.ok || (check.indicator.type !== 'url' && check.indicator.type !== 'domain')) return null;
  if (check.indicator.type === 'domain' && check.indicator.warnings.some(isSuffixWarning)) return null;
  const host = indicatorHost(check.indicator);
  return host ? { text, indicator: check.indicator, host } : null;
}

/** Where a link goes: the original inside a mail gateway's rewritten link or a redirector's, with the wrapper kept. */
export function linkTarget(href: string): { href: string; unwrappedFrom?: string } {
  const original = unwrapRedirect(href);
  return original ? { href: original, unwrappedFrom: href } : { href };
}
