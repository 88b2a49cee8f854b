// Host name syntax alone, in a file of its own: the settings check the
// organisation's own domains with it, and the settings are read by the
// service worker and the popup up front, where check.ts's phone metadata and
// public-suffix list must not come along (budgets: docs/performance.md).

/** One DNS label, ASCII (punycode) as the URL parser gives it: no leading or trailing hyphen, 63 characters at most. */
const LABEL = /^[a-z\d_](?:[a-z\d_-]{0,61}[a-z\d_])?$/;

/**
 * True when the (ASCII, lower-case) host is a syntactically valid name: labels
 * of letters, digits, hyphens, at most 253 characters, a last label that is not
 * a number. Whether its top-level domain exists is the service's to judge.
 */
export function isHostnameSyntax(hostname: string): boolean {
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  const labels = name.split('.');
  return name.length > 0 && name.length <= 253 && labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(labels.at(-1) ?? '');
}
