// Characters that change how text reads without being seen: bidirectional
// overrides and isolates (a subject such as `moc.evil\u202Egpj.exe` shows as
// `exe.jpg…`), marks, and zero-width characters. Shown as a visible code
// wherever the user judges a subject, so a disguised address cannot pass as
// another (Trojan Source, CVE-2021-42574).

const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** The text with every invisible or direction-changing character written as `⟨U+XXXX⟩`. */
export function revealInvisible(text: string): string {
  return text.replace(INVISIBLE, (char) => `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`);
}

/** The text without its invisible or direction-changing characters: what a reader takes it to say (a link's text). */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}
