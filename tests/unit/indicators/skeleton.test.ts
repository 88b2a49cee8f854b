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
});
