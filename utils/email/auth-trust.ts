import { getDomain } from 'tldts';
import { asciiHost, isUnder } from '../indicators/registrable';
import type { EmailHeader } from './email-types';
import { withoutComments } from './header-text';

// Whose authentication results to believe (RFC 8601 §5, §7.1): only the
// receiving side's. Anyone can write an Authentication-Results header into the
// email they send ("mx.google.com; dmarc=pass"); the receiving side is the
// server that wrote the topmost Received header (the recipient's, or the mail
// provider that took the email last: Gmail, Exchange Online) and the
// organisation's own servers. Its headers are those above the first Received
// header another server wrote: below it, the sender could have written them.

/** Whether a result header at a place in the headers was written by the receiving side. */
export type ReceivingSideCheck = (index: number, authservId: string | undefined) => boolean;

/** The host named after `by` in a Received value, comments left out; undefined when none. A name with an `@` (an address pasted over it) is read after it. */
function byHost(value: string): string | undefined {
  const host = /(?:^|\s)by\s+(?:[^\s;@]*@)?([^\s;@]+)/i.exec(withoutComments(value))?.[1];
  return host ? (asciiHost(host) ?? undefined) : undefined;
}

/** Registrable domains one mail provider's servers name themselves under, by the one that stands for them (Exchange Online hands on between outlook.com and office365.com). */
const SAME_PROVIDER: Readonly<Record<string, string>> = {
  'office365.com': 'outlook.com',
  'exchangelabs.com': 'outlook.com',
  'googlemail.com': 'google.com',
};

/** The registrable domain of a host name (a provider's main one); null for an IP, an unnamed or a single-label host. */
function ownerOf(host: string | undefined): string | null {
  const domain = host ? getDomain(host) : null;
  return domain ? (SAME_PROVIDER[domain] ?? domain) : null;
}

/**
 * The receiving side: the provider (the registrable domain of the newest
 * Received header naming its server), and where its headers end (the index of
 * the first Received header, top down, written by another server: an
 * unnamed server counts as the receiving side's only above the provider's).
 */
function readReceivingSide(headers: readonly EmailHeader[], isOwn: (host: string) => boolean): { provider: string | null; end: number } {
  let provider: string | null = null;
  for (const [index, header] of headers.entries()) {
    if (header.key !== 'received') continue;
    const host = byHost(header.value);
    const owner = ownerOf(host);
    if (owner === null && provider === null) continue;
    provider ??= owner;
    if (host && (isOwn(host) || owner === provider)) continue;
    return { provider, end: index };
  }
  return { provider, end: headers.length };
}

/**
 * A check of who wrote a result header: true when it stands among the
 * receiving side's headers and its authserv-id is a server of the receiving
 * side (same registrable domain as the provider, or under an own domain).
 * A header without an authserv-id (Exchange Online writes none) is believed
 * only among the headers of a provider that named itself.
 */
export function receivingSideCheck(headers: readonly EmailHeader[], ownDomains: readonly string[]): ReceivingSideCheck {
  const own = ownDomains.flatMap((domain) => asciiHost(domain) ?? []);
  const isOwn = (host: string) => own.some((domain) => isUnder(host, domain));
  const { provider, end } = readReceivingSide(headers, isOwn);
  return (index, authservId) => {
    if (index >= end) return false;
    if (authservId === undefined) return provider !== null;
    const host = asciiHost(authservId);
    return host !== null && (isOwn(host) || (provider !== null && ownerOf(host) === provider));
  };
}
