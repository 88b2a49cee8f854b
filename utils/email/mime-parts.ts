// postal-mime caps how deep parts nest, not how many there are: ten thousand
// empty parts take it seconds, a 25 MB file of them minutes. So the parts are
// counted on the raw bytes first, which takes milliseconds.
//
// A part starts at a delimiter line: "--" and a boundary that a Content-Type
// declared, then blanks (RFC 2046 5.1.1; postal-mime matches them the same
// way). The count takes every declared boundary, wherever it is written, so it
// can only count too many, never too few. A boundary written in RFC 2231 form
// (boundary*0=…, boundary*=…) is not read here: then every line that starts
// with "--" counts.

/** boundary=value or boundary="value" (backslash escapes inside the quotes), as a parameter of a header. */
const BOUNDARY_PARAM = /[;\s]boundary[ \t]*=[ \t]*(?:"((?:[^"\\\r\n]|\\.)*)"|([^\s;"]+))/gi;

/** A boundary parameter in RFC 2231 form, which the pattern above cannot read. */
const BOUNDARY_2231 = /[;\s]boundary\*/i;

/** A line that starts with "--", without its line end. */
const DASH_LINE = /^--([^\r\n]*)/gm;

/**
 * How many MIME parts postal-mime would make of an email, at most: one for
 * the message, one for each delimiter line. Forwarded messages sent encoded
 * (base64) are not seen here; they are counted when they are read.
 */
export function countMimeParts(bytes: Uint8Array): number {
  // Windows-1252 keeps one character a byte, so boundaries compare as written.
  const raw = new TextDecoder('windows-1252').decode(bytes);
  const boundaries = new Set<string>();
  for (const match of raw.matchAll(BOUNDARY_PARAM)) {
    boundaries.add(match[1] === undefined ? (match[2] ?? '') : match[1].replace(/\\(.)/g, '$1'));
  }
  const anyDashLine = BOUNDARY_2231.test(raw);
  if (boundaries.size === 0 && !anyDashLine) return 1;
  let parts = 1;
  for (const match of raw.matchAll(DASH_LINE)) {
    // Blanks at the end, a run of them tried once, from where it starts (the lookbehind).
    const rest = (match[1] ?? '').replace(/(?<![ \t])[ \t]+$/, '');
    if (anyDashLine || boundaries.has(rest)) parts++;
  }
  return parts;
}
