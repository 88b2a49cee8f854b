// Characters that change how text reads without being seen: bidirectional
// embeddings, overrides, isolates and marks (a subject such as
// `moc.evil\u202Egpj.exe` shows as `exe.jpg…`), zero-width and other
// invisible characters (Unicode's Default_Ignorable_Code_Point, UTS #39 §3.1),
// and the tag characters that smuggle ASCII unseen. Shown as a visible code
// wherever the user judges a name, so a disguised address cannot pass as
// another (Trojan Source, CVE-2021-42574).
//
// Kept where they do a visible job: a variation selector after an emoji, a
// zero-width joiner inside an emoji sequence, a zero-width non-joiner after a
// letter of a script that needs it (Persian, Indic).

/** Always hidden: soft hyphen, grapheme joiner, Arabic letter mark, Hangul and Khmer fillers, Mongolian vowel separator, ZWSP, LRM/RLM, LRE–RLO, word joiner and invisible operators, LRI–PDI and the deprecated format characters, BOM, musical format controls, tags, variation selectors supplement. */
const ALWAYS =
  '\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180E\\u200B\\u200E\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\u3164\\uFEFF\\uFFA0\\u{1D173}-\\u{1D17A}\\u{E0000}-\\u{E007F}\\u{E0100}-\\u{E01EF}';

/** Scripts written with a zero-width non-joiner between letters. */
const JOINING = '\\p{sc=Arabic}\\p{sc=Syriac}\\p{sc=Devanagari}\\p{sc=Bengali}\\p{sc=Gurmukhi}\\p{sc=Gujarati}\\p{sc=Oriya}\\p{sc=Tamil}\\p{sc=Telugu}\\p{sc=Kannada}\\p{sc=Malayalam}\\p{sc=Sinhala}';

const INVISIBLE = new RegExp(
  [
    `[${ALWAYS}]`,
    // Variation selectors 1–16 outside an emoji's presentation.
    '(?<![\\p{Emoji}\\p{Emoji_Modifier}])[\\uFE00-\\uFE0F]',
    // A zero-width joiner not between two parts of an emoji sequence.
    '(?<![\\p{Extended_Pictographic}\\p{Emoji_Modifier}\\uFE0F])\\u200D',
    '\\u200D(?!\\p{Extended_Pictographic})',
    // A zero-width non-joiner not after a letter (and its marks) of a joining script.
    `(?<![${JOINING}]\\p{M}*)\\u200C`,
  ].join('|'),
  'gu',
);

/** The text with every invisible or direction-changing character written as `⟨U+XXXX⟩`. */
export function revealInvisible(text: string): string {
  return text.replace(INVISIBLE, (char) => `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`);
}

/** The text without its invisible or direction-changing characters: what a reader takes it to say (a link's text, a display name). */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** True when the text holds a character that changes what is shown without being seen. */
export function hasInvisible(text: string): boolean {
  // search() ignores the pattern's lastIndex, so the shared global pattern is safe.
  return text.search(INVISIBLE) >= 0;
}
