import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

// Every message is in every language (issue 11), with the same placeholders
// and plural forms, and the store's limits on the name and description hold.

const DIR = path.resolve('utils/i18n/locales');
const LANGUAGES = readdirSync(DIR)
  .filter((name) => name.endsWith('.yml'))
  .map((name) => name.replace(/\.yml$/, ''))
  .sort();

/** The messages of one language as dotted keys. */
export function flatten(tree: unknown, prefix = ''): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !isPlural(value)) for (const [inner, text] of flatten(value, dotted)) flat.set(inner, text);
    else flat.set(dotted, value);
  }
  return flat;
}

/** A plural message: its keys are counts ("0", "1") and "n". */
function isPlural(value: object): boolean {
  return Object.keys(value).every((key) => key === 'n' || /^\d+$/.test(key)) && 'n' in value;
}

function messages(language: string): Map<string, unknown> {
  return flatten(load(readFileSync(path.join(DIR, `${language}.yml`), 'utf8')));
}

const placeholders = (text: string) => [...new Set(text.match(/\$\d/g) ?? [])].sort();
const texts = (value: unknown): string[] => (typeof value === 'string' ? [value] : Object.values(value as Record<string, string>));

const english = messages('en');

describe('locales', () => {
  it('are English and at least two more', () => {
    expect(LANGUAGES).toEqual(expect.arrayContaining(['en', 'es', 'de']));
  });

  it('flatten reads plural forms as one message and nests the rest', () => {
    expect([...flatten({ a: { b: 'x', c: { 1: 'one', n: '$1 many' } } })]).toEqual([
      ['a.b', 'x'],
      ['a.c', { 1: 'one', n: '$1 many' }],
    ]);
  });

  describe.each(LANGUAGES.filter((language) => language !== 'en'))('%s', (language) => {
    const translated = messages(language);

    it('has every English message and no other', () => {
      expect([...translated.keys()].filter((key) => !english.has(key))).toEqual([]);
      expect([...english.keys()].filter((key) => !translated.has(key))).toEqual([]);
    });

    it.each([...english.entries()])('%s: same kind, plural forms and placeholders, not empty', (key, value) => {
      const other = translated.get(key);
      expect(typeof other).toBe(typeof value);
      if (typeof value === 'object') expect(Object.keys(other as object).sort()).toEqual(Object.keys(value as object).sort());
      const [ours, theirs] = [texts(value), texts(other)];
      theirs.forEach((text, index) => {
        expect(text.trim()).not.toBe('');
        expect(placeholders(text)).toEqual(placeholders(ours[index]!));
      });
    });
  });

  it.each(LANGUAGES)('%s: the name and description fit the stores', (language) => {
    const all = messages(language);
    expect((all.get('extName') as string).length).toBeLessThanOrEqual(45);
    expect((all.get('extDescription') as string).length).toBeLessThanOrEqual(132);
  });
});
