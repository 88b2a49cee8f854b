import { MAX_LINKS } from './email-limits';
import type { EmailLink, EmailReadNote } from './email-types';

/** A web address written out in text, up to a blank or a character that cannot be in one. */
const TEXT_URL = /https?:\/\/[^\s<>"'`]+/gi;

/** Punctuation that ends a sentence rather than a link (as utils/indicators/find.ts), a run of it tried once, from where it starts. */
const TRAILING = /(?<![.,;:!?)\]}])[.,;:!?)\]}]+$/;

/** The web addresses written in a text, as links found in it. */
export function findTextLinks(text: string): EmailLink[] {
  return [...text.matchAll(TEXT_URL)].map((match) => ({ href: match[0].replace(TRAILING, ''), in: 'text' as const }));
}

/** The links once each (same target, text and place), at most MAX_LINKS, with a note when some were left out. */
export function keepLinks(links: readonly EmailLink[], notes: EmailReadNote[]): EmailLink[] {
  const seen = new Set<string>();
  const unique = links.filter((link) => {
    const key = `${link.in}\n${link.kind ?? ''}\n${link.hidden ? 'hidden' : ''}\n${link.href}\n${link.text ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length <= MAX_LINKS) return unique;
  notes.push({ kind: 'links_capped', total: unique.length, kept: MAX_LINKS });
  return unique.slice(0, MAX_LINKS);
}
