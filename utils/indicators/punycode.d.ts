// punycode's ES module build ships no types of its own; its CommonJS name
// clashes with Node's deprecated built-in, so the file is imported by path.
declare module 'punycode/punycode.es6.js' {
  /** Converts a punycode domain (xn--…) to Unicode; other labels are left as they are. */
  export function toUnicode(domain: string): string;
}
