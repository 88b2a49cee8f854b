import { getDomain } from 'tldts';
import type { Indicator } from './types';

// Two names belong to one owner when they share a registrable domain (the
// public suffix plus one label: mail.evil.co.uk and evil.co.uk). Only ICANN
// suffixes count, as in check.ts: a private suffix such as github.io would
// make every user's pages a separate owner, hiding a brand's name put there.

/** The ASCII (punycode), lower-case form of a host or domain written in any form, without a trailing dot; null when it is not a host name. */
export function asciiHost(name: string): string | null {
  const written = name.trim().replace(/\.$/, '');
  if (!written || /[\s/:@?#[\]\\]/.test(written)) return null;
  return URL.parse(`http://${written}`)?.hostname ?? null;
}

/** The registrable domain of an ASCII host (`evil.co.uk` for `mail.evil.co.uk`); the host itself when it has none (an IP, `localhost`). */
export function registrableDomain(host: string): string {
  return getDomain(host) ?? host;
}

/** True when `host` is `domain` or a name under it. */
export function isUnder(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The host of an email address (after the last `@`), lower-case; '' when it has none. */
export function addressHost(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : (asciiHost(address.slice(at + 1)) ?? '');
}

/** The host an indicator names: a URL's or email's host, a domain itself; null for a phone or an IPv4. */
export function indicatorHost(indicator: Indicator): string | null {
  if (indicator.type === 'domain') return indicator.value.replace(/\.$/, '');
  if (indicator.type === 'email') return addressHost(indicator.value) || null;
  if (indicator.type === 'url') return URL.parse(indicator.value)?.hostname.replace(/\.$/, '') ?? null;
  return null;
}
