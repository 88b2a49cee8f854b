// An address as a mail client shows it, without what is stray around it: a
// 0xA0 byte after a Reply-To (read as U+FFFD in UTF-8, U+00A0 in Latin-1),
// a control character, an invisible one, the quotes of <"a@example.com">,
// the root dot of "example.com.". What is inside an address is kept: a
// character hidden in its middle is for the warnings to show, not to hide.

/** Never part of an address, often stray at its ends: blanks (U+00A0 too), controls, invisibles (Cf), U+FFFD. */
const STRAY = /[\s\p{Cc}\p{Cf}\ufffd]/u;

/** Never in a domain and often stray at its ends ("a@example.com'", "a@'example.com"). */
const DOMAIN_STRAY = /[\s\p{Cc}\p{Cf}\ufffd'"]/u;

/** Characters that make what is left no address a client would show. */
const NOT_IN_ADDRESS = /[\s\p{Cc}<>]/u;

/** The text without the characters matching `stray` at either end (a loop: a trimming pattern would backtrack on long runs). */
function trimWhere(text: string, stray: RegExp): string {
  let start = 0;
  let end = text.length;
  while (start < end && stray.test(text[start]!)) start++;
  while (end > start && stray.test(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** The text without blanks, controls, invisibles or U+FFFD at its ends. */
export function trimStray(text: string): string {
  return trimWhere(text, STRAY);
}

/** The text without its enclosing quotes and their escapes, when it is one quoted string. */
function unquoted(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1).replace(/\\(.)/g, '$1') : text;
}

/** The domain without the root's dot ("example.com." is example.com, RFC 1034 §3.1). */
function withoutRootDot(domain: string): string {
  let end = domain.length;
  while (end > 0 && domain[end - 1] === '.') end--;
  return domain.slice(0, end);
}

/**
 * The address as a mail client shows it, its stray ends trimmed, or null when
 * it is none: an '@' with something either side (the last '@': the domain
 * follows it), no blank, control character or angle bracket inside.
 */
export function cleanAddress(text: string): string | null {
  // An obsolete source route ("@relay.example:a@example.com", RFC 5322 §4.4) is not part of the address.
  const address = trimWhere(unquoted(trimWhere(text, STRAY)), STRAY).replace(/^@[^:@]*(?:,@[^:@]*)*:/, '');
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  const local = address.slice(0, at);
  const domain = withoutRootDot(trimWhere(address.slice(at + 1), DOMAIN_STRAY));
  if (!domain || NOT_IN_ADDRESS.test(local) || NOT_IN_ADDRESS.test(domain)) return null;
  return `${local}@${domain}`;
}
