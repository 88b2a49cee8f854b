// What each address on the way to a page did there (issue 41): each is a
// takedown target of its own, and a desk acts on a shortener's link, an open
// redirect on a known site and an attacker's own redirector differently.

/** The page reached, a URL shortener, an open redirect (its address carries the next one), or another redirect. */
export type HopRole = 'page' | 'shortener' | 'open_redirect' | 'redirect';

/** Well-known public URL shorteners (their hosts, without www.): a short list, not a directory. */
const SHORTENERS = new Set([
  'bit.ly',
  'bitly.com',
  't.co',
  'tinyurl.com',
  'is.gd',
  'v.gd',
  'ow.ly',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  's.id',
  't.ly',
  'goo.gl',
  'rb.gy',
  'tiny.cc',
  'shorturl.at',
  'lnkd.in',
  'qrco.de',
]);

/** An address's host and port, without www.: two ports of one machine are two sites. */
const hostOf = (text: string): string | undefined => URL.parse(text)?.host.replace(/^www\./, '');

/** A query value (already decoded once) that names `host`: a whole address, one without its scheme, or either encoded once more. */
function namesHost(value: string, host: string): boolean {
  return [value, safeDecode(value)].some((text) => hostOf(text) === host || hostOf(`https://${text.replace(/^\/\//, '')}`) === host);
}

/** The value decoded once more (an address encoded twice), or as it is when it cannot be. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** True when the address carries the next one, on another site, in a query value (`/out?url=https://next.example/…`): an open redirect. */
function carriesNext(url: string, next: string): boolean {
  const host = hostOf(next);
  const parsed = URL.parse(url);
  // A site sending its own visitors on within itself (`/login?next=/account`) is no open redirect.
  if (!host || !parsed || hostOf(url) === host) return false;
  return [...parsed.searchParams.values()].some((value) => value.length > 3 && namesHost(value, host));
}

/** The role of each address on a way, the last one the page reached. */
export function hopRoles(hops: readonly { url: string }[]): HopRole[] {
  return hops.map(({ url }, index) => {
    const next = hops[index + 1];
    if (!next) return 'page';
    if (SHORTENERS.has(hostOf(url) ?? '')) return 'shortener';
    return carriesNext(url, next.url) ? 'open_redirect' : 'redirect';
  });
}
