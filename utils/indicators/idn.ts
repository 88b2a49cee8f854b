import { toUnicode } from 'punycode/punycode.es6.js';

// An internationalised domain travels as punycode (xn--…), which hides the
// look-alike letters a phishing domain is made of. The UI shows both forms.

const SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;

/** The value (URL, domain or email) with its host in Unicode, or undefined when the host has no punycode label or one that does not decode. */
export function unicodeForm(value: string): string | undefined {
  const scheme = SCHEME.exec(value)?.[0] ?? '';
  const rest = value.slice(scheme.length);
  const at = scheme ? -1 : rest.lastIndexOf('@');
  const hostStart = at + 1;
  const hostEnd = scheme ? hostStart + rest.slice(hostStart).search(/[/?#:]|$/) : rest.length;
  const host = rest.slice(hostStart, hostEnd);
  if (!/(^|\.)xn--/i.test(host)) return undefined;
  try {
    return `${scheme}${rest.slice(0, hostStart)}${toUnicode(host)}${rest.slice(hostEnd)}`;
  } catch {
    // A label that starts with xn-- without being punycode, which the URL parser lets through
    // (xn--b-123…-uc.a.run.app, a Cloud Run name in a real phishing email): the host as written.
    return undefined;
  }
}
