// Header values hold comments in parentheses, nested, with quoted pairs
// (RFC 5322 §3.2.2), and quoted strings in which a parenthesis is only a
// character (§3.2.4). Structured headers are read with the comments out.

/** The text with its comments (nested too) replaced by a space; quoted strings kept whole (RFC 5322 §3.2.2). */
export function withoutComments(text: string): string {
  let out = '';
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\' && (quoted || depth > 0)) {
      if (depth === 0) out += char + (text[i + 1] ?? '');
      i++;
    } else if (quoted) {
      out += char;
      if (char === '"') quoted = false;
    } else if (char === '(') {
      depth++;
    } else if (char === ')' && depth > 0) {
      depth--;
      if (depth === 0) out += ' ';
    } else if (depth === 0) {
      out += char;
      if (char === '"') quoted = true;
    }
  }
  return out;
}
