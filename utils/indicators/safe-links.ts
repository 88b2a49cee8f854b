import { isUnder, registrableDomain } from './registrable';
import { isWebLink } from './web-link';

// Mail gateways rewrite every link so a click goes through their scanner
// first. The indicator worth reporting is the link the sender wrote, so it is
// read back out of the rewritten one wherever the rewriter keeps it in the URL.
// Rewriters that keep only a token (Mimecast) cannot be undone here: the
// link is then reported as it is.

/** How often a link is unwrapped: a gateway may rewrite another's link (Safe Links around URL Defense). */
const MAX_DEPTH = 3;

/** The first of the query parameters `names` that `url` has. */
function parameter(url: URL, ...names: string[]): string | null {
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value) return value;
  }
  return null;
}

/** `decodeURIComponent` that answers null for a malformed escape instead of throwing. */
function decode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** What each escape in unescapeHtml's pattern stands for. */
const HTML_ESCAPES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** The characters HTML escaping leaves in URL Defense v1 and v2 links (`&amp;` in a query). */
function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => HTML_ESCAPES[name]!);
}

/** A v3 run: `**A` stands for the next 2 encoded characters, `**B` for 3 … `**_` for 65 (Proofpoint's urldecoder.py). */
const RUN_LENGTHS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The UTF-8 text of unpadded URL-safe base64, or null when it is not that. */
function base64UrlText(encoded: string): string | null {
  const standard = encoded.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z\d+/]*$/.test(standard) || standard.length % 4 === 1) return null;
  // atob takes base64 without its padding (the HTML standard's forgiving-base64 decode).
  const bytes = Uint8Array.from(atob(standard), (char) => char.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The URL and the base64 of a URL Defense v3 link: from the first `/v3/__` to
 * the first `__;` after it, then to the first `!`. Searched, not matched with a
 * lazy pattern, which retried each `__;` to the end of the link.
 */
function urlDefenseV3Parts(href: string): { url: string; encoded: string } | null {
  const start = href.indexOf('/v3/__');
  const separator = start < 0 ? -1 : href.indexOf('__;', start + 7);
  const bang = separator < 0 ? -1 : href.indexOf('!', separator + 3);
  return bang < 0 ? null : { url: href.slice(start + 6, separator), encoded: href.slice(separator + 3, bang) };
}

/**
 * The `u` parameter of a URL Defense v1 or v2 query, up to the first `end`
 * after it (`&k=` or `&amp;k=` …), as urldecoder.py reads it. Searched, not
 * matched with a lazy pattern, which retried each `&u=` to the end of the link.
 */
function urlDefenseParameter(query: string, end: RegExp): string | undefined {
  const at = query.startsWith('u=') ? 0 : query.indexOf('&u=') + 1;
  if (at === 0 && !query.startsWith('u=')) return undefined;
  const from = at + 2;
  const found = new RegExp(end.source, 'g');
  found.lastIndex = from + 1;
  const match = found.exec(query);
  return match ? query.slice(from, match.index) : undefined;
}

/**
 * URL Defense v3: `https://urldefense.com/v3/__<url>__;<base64>!!<token>`. The
 * URL is kept as written except that characters unsafe in it are replaced by
 * `*` (one character) or `**X` (a run), the replaced characters themselves
 * being the base64 between `__;` and `!` — Proofpoint's published
 * urldecoder.py, read the same way: unquoted first, then the markers filled.
 */
function decodeUrlDefenseV3(href: string): string | null {
  const parts = urlDefenseV3Parts(href);
  if (!parts) return null;
  const replaced = base64UrlText(parts.encoded);
  const url = decode(parts.url.replace(/^([a-z\d+.-]+:\/)(?!\/)/i, '$1/'));
  if (replaced === null || url === null) return null;
  const characters = Array.from(replaced);
  let next = 0;
  let broken = false;
  const filled = url.replace(/\*(\*.)?/g, (_token: string, run?: string) => {
    const length = run ? RUN_LENGTHS.indexOf(run[1]!) + 2 : 1;
    if (length < 2 && run) broken = true;
    const part = characters.slice(next, next + length);
    if (part.length < length) broken = true;
    next += length;
    return part.join('');
  });
  return broken ? null : filled;
}

/**
 * One of Google's own hosts: a registrable domain named google under an ICANN
 * public suffix (google.com, google.de, google.co.uk), with or without www.
 * Not a name that only starts like one: `google.com.evil.example/url?q=…` is a
 * link to evil.example, whose sender chose what the q parameter names; nor a
 * name a registrar sells under a private suffix (google.com.de).
 */
function isGoogleHost(host: string): boolean {
  const domain = registrableDomain(host);
  return domain.startsWith('google.') && (host === domain || host === `www.${domain}`);
}

/** The original link inside one rewritten link, or null when `url` is not a rewriter's or keeps only a token. */
function unwrapOnce(url: URL, raw: string): string | null {
  const host = url.hostname;
  const path = url.pathname;
  if (isUnder(host, 'safelinks.protection.outlook.com') || isUnder(host, 'safelinks.protection.office365.us')) return parameter(url, 'url');
  if (host === 'urldefense.proofpoint.com' || host === 'urldefense.com') {
    // Read from the link as written, as urldecoder.py does: the URL parser would
    // resolve a `/../` of the original, and v1 and v2 leave `&amp;` in the query.
    const query = raw.slice(raw.indexOf('?') + 1);
    if (path === '/v1/url') {
      const encoded = urlDefenseParameter(query, /&(?:amp;)?k=/);
      const decoded = encoded === undefined ? null : decode(encoded);
      return decoded === null ? null : unescapeHtml(decoded);
    }
    if (path === '/v2/url') {
      const encoded = urlDefenseParameter(query, /&(?:amp;)?[dc]=/);
      const decoded = encoded === undefined ? null : decode(encoded.replace(/-/g, '%').replace(/_/g, '/'));
      return decoded === null ? null : unescapeHtml(decoded);
    }
    if (path.startsWith('/v3/')) return decodeUrlDefenseV3(raw);
    return null;
  }
  if (isGoogleHost(host) && path === '/url') return parameter(url, 'q', 'url');
  if (host === 'linkprotect.cudasvc.com' && path === '/url') return parameter(url, 'a');
  if (host === 'secure-web.cisco.com') {
    // `/<token>/<the original, percent-encoded>`; the original may hold its own `/` and `?` unencoded.
    const rest = /^https?:\/\/[^/]+\/[^/]+\/(.+)$/i.exec(raw)?.[1];
    return rest === undefined ? null : decode(rest);
  }
  if (isUnder(host, 'trendmicro.com') && path === '/wis/clicktime/v1/query') return parameter(url, 'url');
  return unwrapRedirector(url, raw);
}

/** The value as a web address: a ClickTime `u` may leave out the scheme (`u=0x3E.0004.0x10.0256/cl/…`, an IPv4 in hex and octal, seen in phishing). */
function withScheme(value: string | null): string | null {
  if (value === null) return null;
  if (/^[a-z][a-z\d+.-]*:/i.test(value)) return value;
  // Parsed, so the host reads as a browser would go to it: 0x3E.0004.0x10.0256 is 62.4.16.174.
  return URL.parse(`http://${value.replace(/^\/\//, '')}`)?.href ?? null;
}

/** The page Google's AMP viewer shows: `/amp/s/<host/path>` is https, `/amp/<host/path>` http. */
function ampTarget(raw: string): string | null {
  const match = /^https?:\/\/[^/]+\/amp\/(s\/)?(.+)$/i.exec(raw);
  return match ? `${match[1] ? 'https' : 'http'}://${match[2]}` : null;
}

/** Open redirectors and click trackers that keep the destination in the URL: Symantec ClickTime, Google Web Light and AMP, VK. */
function unwrapRedirector(url: URL, raw: string): string | null {
  const host = url.hostname;
  const path = url.pathname;
  if (isUnder(host, 'clicktime.symantec.com')) return withScheme(parameter(url, 'u'));
  if (isUnder(host, 'googleweblight.com')) return withScheme(parameter(url, 'u', 'lite_url'));
  if (isGoogleHost(host) && path.startsWith('/amp/')) return ampTarget(raw);
  if ((host === 'vk.com' || host === 'm.vk.com') && path === '/away.php') return parameter(url, 'to');
  return null;
}

/** The whole http(s) URL a query parameter's value is, as written or in base64; null for anything else. */
function urlValue(value: string): string | null {
  if (/^https?:\/\/[^/\s]/i.test(value)) return value;
  if (value.length < 16 || !/^aHR0c[A-Za-z\d+/_-]+=*$/.test(value)) return null;
  // "aHR0c" is base64 of "http": anything else is not a URL worth decoding.
  const text = base64UrlText(value);
  return text !== null && /^https?:\/\/[^/\s]/i.test(text) ? text : null;
}

/**
 * The destination of any link that carries a whole http(s) URL to another
 * site in a query parameter (`?url=`, `?redirect=`, `?u=`, base64 too): a
 * redirector, an open redirect or a newsletter's click tracker. A Google
 * search for a URL is no redirect; nor is a site's link back to itself.
 */
function unwrapParameter(url: URL): string | null {
  if (isGoogleHost(url.hostname)) return null;
  const own = registrableDomain(url.hostname);
  for (const value of url.searchParams.values()) {
    const inner = urlValue(value.trim());
    const innerHost = inner === null ? undefined : URL.parse(inner)?.hostname;
    if (innerHost && registrableDomain(innerHost) !== own) return inner;
  }
  return null;
}

/** Unwraps `href` up to MAX_DEPTH times with `once`; null when nothing unwrapped to an http(s) URL. */
function unwrapWith(href: string, once: (url: URL, raw: string) => string | null): string | null {
  let current = href.trim();
  let unwrapped: string | null = null;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const url = URL.parse(current);
    const inner = url && isWebLink(current) ? once(url, current)?.trim() : undefined;
    if (!inner || !isWebLink(inner)) break;
    current = inner;
    unwrapped = inner;
  }
  return unwrapped;
}

/**
 * The link a mail gateway rewrote (Microsoft Safe Links, Proofpoint URL
 * Defense v1–v3, Google's redirect, Barracuda, Cisco Secure Email, Trend Micro,
 * Symantec ClickTime) or a known redirector holds (Google Web Light and AMP,
 * VK), unwrapped up to three times; null when `href` is no such link, the
 * original is not in it (Mimecast), or what it holds is not an http(s) URL.
 */
export function unwrapSafeLink(href: string): string | null {
  return unwrapWith(href, unwrapOnce);
}

/**
 * Where a link leads: as unwrapSafeLink, and besides through any link that
 * carries another site's whole URL in a query parameter (an open redirect, a
 * click tracker); null when it carries none.
 */
export function unwrapRedirect(href: string): string | null {
  return unwrapWith(href, (url, raw) => unwrapOnce(url, raw) ?? unwrapParameter(url));
}
