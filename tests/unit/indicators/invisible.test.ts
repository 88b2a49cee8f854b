import { describe, expect, it } from 'vitest';
import { revealInvisible, withoutInvisible } from '@/utils/indicators/invisible';

describe('invisible characters', () => {
  it.each([
    ['a right-to-left override', 'https://evil.example/\u202Egpj.exe', 'https://evil.example/⟨U+202E⟩gpj.exe'],
    ['isolates and marks', 'a\u2066b\u2069c\u200Fd', 'a⟨U+2066⟩b⟨U+2069⟩c⟨U+200F⟩d'],
    ['zero-width characters', 'pay\u200Bpal.example\uFEFF', 'pay⟨U+200B⟩pal.example⟨U+FEFF⟩'],
    ['plain text, Arabic and Hebrew letters left alone', 'مرحبا שלום https://x.example/', 'مرحبا שלום https://x.example/'],
  ])('%s are shown', (_name, text, shown) => {
    expect(revealInvisible(text)).toBe(shown);
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
