// An address header's value (From, To, Reply-To…) cut into the pieces of
// RFC 5322 §3.4, leniently as mail clients read it: a quote that never
// closes is a stray character, a comment or an angle bracket that never
// closes runs to the end. One pass, linear in the value.

/** One piece of an address header. */
export type AddressToken =
  /** An atom or a quoted string (its quotes and escapes taken off); `joined` when no blank separates it from the word before. */
  | { kind: 'word'; text: string; quoted: boolean; joined: boolean }
  /** What stands between < and >; after the last '<' when there are several, as Apple Mail reads "Name <x <a@b>". */
  | { kind: 'angle'; text: string }
  /** What stands between ( and ), a nested comment kept as text. */
  | { kind: 'comment'; text: string }
  | { kind: ',' | ':' | ';' };

/** The characters that end an atom (RFC 5322 §3.2.3 specials, less those an atom of a bare address holds). */
const SPECIALS = new Set(['"', '(', '<', ',', ':', ';']);

const BLANK = /\s/;

/** The end of the quoted string opening at `start` (after its closing quote) and its text, or null when it never closes. */
function readQuoted(value: string, start: number): { end: number; text: string } | null {
  let text = '';
  for (let i = start + 1; i < value.length; i++) {
    const char = value[i]!;
    if (char === '"') return { end: i + 1, text };
    if (char === '\\' && i + 1 < value.length) i++;
    text += value[i];
  }
  return null;
}

/** The end of the comment opening at `start` (after its closing parenthesis, or the value's end) and its text. */
function readComment(value: string, start: number): { end: number; text: string } {
  let depth = 1;
  let i = start + 1;
  for (; i < value.length && depth > 0; i++) {
    const char = value[i]!;
    if (char === '\\') i++;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
  }
  return { end: i, text: value.slice(start + 1, depth > 0 ? i : i - 1) };
}

/** The end of the angle address opening at `start` (after its '>', or the value's end) and what it holds. */
function readAngle(value: string, start: number): { end: number; text: string } {
  const close = value.indexOf('>', start + 1);
  const end = close < 0 ? value.length : close;
  const inner = value.slice(start + 1, end);
  return { end: close < 0 ? end : end + 1, text: inner.slice(inner.lastIndexOf('<') + 1) };
}

/** The end of the atom starting at `start`: the next blank or special (a stray '>' or ')' is part of it: "Dringend->Icloud"). */
function atomEnd(value: string, start: number): number {
  let i = start;
  while (i < value.length && !SPECIALS.has(value[i]!) && !BLANK.test(value[i]!)) i++;
  return i;
}

/** The tokens of an address header's value. */
export function tokenizeAddresses(value: string): AddressToken[] {
  const tokens: AddressToken[] = [];
  let joined = false;
  // Once a quote is found never to close, any later quote is as stray (and the value is not scanned again).
  let quotesClose = true;
  for (let i = 0; i < value.length;) {
    const char = value[i]!;
    const quoted = char === '"' && quotesClose ? readQuoted(value, i) : null;
    if (char === '"' && !quoted) quotesClose = false;
    if (quoted) {
      tokens.push({ kind: 'word', text: quoted.text, quoted: true, joined });
      i = quoted.end;
    } else if (char === ',' || char === ':' || char === ';') {
      tokens.push({ kind: char });
      i++;
    } else if (char === '(' || char === '<') {
      const piece = char === '(' ? readComment(value, i) : readAngle(value, i);
      tokens.push({ kind: char === '(' ? 'comment' : 'angle', text: piece.text });
      i = piece.end;
    } else if (SPECIALS.has(char) || BLANK.test(char)) {
      i++;
    } else {
      const end = atomEnd(value, i);
      tokens.push({ kind: 'word', text: value.slice(i, end), quoted: false, joined });
      i = end;
    }
    // A word right after a word, with nothing between them, joins it: "john"@example.com is one address.
    joined = Boolean(quoted) || (!SPECIALS.has(char) && !BLANK.test(char));
  }
  return tokens;
}
