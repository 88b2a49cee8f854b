import { describe, expect, it } from 'vitest';
import { hasInvisible, revealInvisible, withoutInvisible } from '@/utils/indicators/invisible';

describe('invisible characters', () => {
  it.each([
    ['a right-to-left override', 'https://evil.example/\u202Egpj.exe', 'https://evil.example/⟨U+202E⟩gpj.exe'],
    ['isolates and marks', 'a\u2066b\u2069c\u200Fd', 'a⟨U+2066⟩b⟨U+2069⟩c⟨U+200F⟩d'],
    ['zero-width characters', 'pay\u200Bpal.example\uFEFF', 'pay⟨U+200B⟩pal.example⟨U+FEFF⟩'],
    ['plain text, Arabic and Hebrew letters left alone', 'مرحبا שלום https://x.example/', 'مرحبا שלום https://x.example/'],
    ['the left-to-right embedding and override, the pop', 'a\u202Ab\u202Dc\u202Cd', 'a⟨U+202A⟩b⟨U+202D⟩c⟨U+202C⟩d'],
    ['the Arabic letter mark and the left-to-right mark', 'a\u061Cb\u200Ec', 'a⟨U+061C⟩b⟨U+200E⟩c'],
    ['a soft hyphen, the grapheme joiner, the Mongolian vowel separator', 'pay\u00ADpal\u034Fx\u180Ey', 'pay⟨U+00AD⟩pal⟨U+034F⟩x⟨U+180E⟩y'],
    ['a zero-width joiner and non-joiner between Latin letters', 'pay\u200Dpa\u200Cl', 'pay⟨U+200D⟩pa⟨U+200C⟩l'],
    ['a Hangul filler', 'PayPal\u3164Support', 'PayPal⟨U+3164⟩Support'],
    ['tag characters (ASCII smuggled unseen)', 'hi\u{E0041}\u{E0042}', 'hi⟨U+E0041⟩⟨U+E0042⟩'],
    ['a variation selector after a letter, and from the supplement', 'pa\uFE0Fy\u{E0100}', 'pa⟨U+FE0F⟩y⟨U+E0100⟩'],
    ['emoji: a variation selector and a joined family kept', 'I \u2764\uFE0F it 👨\u200D👩\u200D👧', 'I \u2764\uFE0F it 👨\u200D👩\u200D👧'],
    ['a Persian word with its zero-width non-joiner kept', 'می\u200Cخواهم', 'می\u200Cخواهم'],
  ])('%s are shown', (_name, text, shown) => {
    expect(revealInvisible(text)).toBe(shown);
  });
});

describe('hasInvisible', () => {
  it.each([
    ['\u202Emoc.knabelpmaxe@troppus', true],
    ['invoice\u202Efdp.exe', true],
    ['Ex\u200Bample Bank', true],
    ['Example Bank ❤️', false],
    ['Example Bank', false],
  ])('%j', (text, expected) => {
    expect([hasInvisible(text), hasInvisible(text)]).toEqual([expected, expected]);
  });
});

describe('withoutInvisible', () => {
  it.each([
    ['pay\u200Bpal.example\uFEFF', 'paypal.example'],
    ['https://evil.example/\u202Egpj.exe', 'https://evil.example/gpj.exe'],
    ['plain text', 'plain text'],
  ])('%j', (text, expected) => {
    expect(withoutInvisible(text)).toBe(expected);
  });
});
