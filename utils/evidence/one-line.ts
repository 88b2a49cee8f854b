// Evidence files are read line by line: a value taken from a page or an email
// (a file name, a Subject, a field name, a title) must not start a line of its
// own, where it could pass for one of ours ("Browser: …", a hash line).

/** C0 and C1 controls, DEL, the line and paragraph separators, and the bidi overrides that reorder what follows on the line. */
// oxlint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The value on one line: each control or separator written as `\n`, `\r`, `\t` or `\uXXXX`, so it is seen, never obeyed. */
export function oneLine(value: string): string {
  return value.replace(UNSAFE, (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
