import { describe, expect, it } from 'vitest';
import { skeleton } from '@/utils/indicators/skeleton';

describe('skeleton', () => {
  it.each<[string, string]>([
    ['ехаmрlе', 'example'],
    ['ραуραι', 'paypal'],
    ['ｅｘａｍｐｌｅ', 'example'],
    ['éxâmplè', 'example'],
    ['ПРИМЕР', 'пpимep'], // Latin p and e; и and м stay Cyrillic
    ['rnicrosoft', 'mlcrosoft'],
    ['vvells-fargo', 'wells-fargo'],
    ['c1oud', 'doud'],
    ['cloud', 'doud'],
    ['g00gle', 'google'],
    ['5hop', 'shop'],
    ['ıṇfo', 'lnfo'],
    ['ӏіnkedіn', 'llnkedln'],
  ])('%s', (name, expected) => {
    expect(skeleton(name)).toBe(expected);
  });

  // Every letter of the look-alike table alone, so that none can be lost unseen (an i-like one then reads as l).
  it.each<[string, string]>([
    ['а', 'a'],
    ['е', 'e'],
    ['о', 'o'],
    ['р', 'p'],
    ['с', 'c'],
    ['у', 'y'],
    ['х', 'x'],
    ['і', 'l'],
    ['ј', 'j'],
    ['ѕ', 's'],
    ['ԁ', 'd'],
    ['ԛ', 'q'],
    ['ԝ', 'w'],
    ['һ', 'h'],
    ['ӏ', 'l'],
    ['ο', 'o'],
    ['α', 'a'],
    ['ν', 'v'],
    ['τ', 't'],
    ['ι', 'l'],
    ['κ', 'k'],
    ['ρ', 'p'],
    ['υ', 'u'],
    ['ı', 'l'],
    ['ɑ', 'a'],
    ['ɡ', 'g'],
    ['ł', 'l'],
    ['ø', 'o'],
    ['đ', 'd'],
  ])('the look-alike letter %s reads as %s', (letter, latin) => {
    expect(skeleton(`x${letter}x`)).toBe(`x${latin}x`);
  });

  // Each ASCII look-alike wherever it stands, not only the first time.
  it.each<[string, string]>([
    ['0x0', 'oxo'],
    ['1x1', 'lxl'],
    ['a|b|c', 'alblc'],
    ['5x5', 'sxs'],
    ['rnxrn', 'mxm'],
    ['vvxvv', 'wxw'],
    ['clxcl', 'dxd'],
  ])('%s', (name, expected) => {
    expect(skeleton(name)).toBe(expected);
  });
});
