import { toUnicode } from 'punycode/punycode.es6.js';

// An internationalised domain travels as punycode (xn--…), which hides the
// look-alike letters a phishing domain is made of. The UI shows both forms.

const SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;

/** The value (URL, domain or email) with its host in Unicode, or undefined when the host has no punycode label. */
export function unicodeForm(value: string): string | undefined {
  const scheme = SCHEME.exec(value)?.[0] ?? '';
  const rest = value.slice(scheme.length);
  const at = scheme ? -1 : rest.lastIndexOf('@');
  const hostStart = at + 1;
  const hostEnd = scheme ? hostStart + rest.slice(hostStart).search(/[/?#:]|$/) : rest.length;
  const host = rest.slice(hostStart, hostEnd);
  if (!/(^|\.)xn--/i.test(host)) return undefined;
  const unicode = host.split('.').map(labelToUnicode).join('.');
  return unicode === host ? undefined : `${scheme}${rest.slice(0, hostStart)}${unicode}${rest.slice(hostEnd)}`;
}

/** One label in Unicode; one that only starts like punycode (Cloud Run's `xn--b-123milhas-xbazskd3dq-uc`) stays as written. */
function labelToUnicode(label: string): string {
  try {
    return toUnicode(label);
  } catch {
    return label;
  }
}
