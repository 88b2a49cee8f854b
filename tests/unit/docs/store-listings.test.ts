import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

// The store listings (docs/store/listing.<lang>.md) and the store answers
// (docs/store/README.md), issue 42: within the lengths the stores take, the
// same name and summary as the extension itself, a category for each store,
// and Firefox's data collection declaration the same as the manifest's.

const LANGUAGES = ['en', 'de', 'es'] as const;
const STORES = ['Chrome Web Store', 'Microsoft Edge Add-ons', 'addons.mozilla.org'];
/** The stores' limits: the Chrome Web Store's 132-character summary and the archive check's 45-character name; Edge asks 250 to 10,000 characters of description. */
const LIMITS = { name: 45, short: 132, longMin: 250, longMax: 10_000 };

/** The sections of a listing file, by their `## ` heading, each trimmed. */
export function sectionsOf(markdown: string): Record<string, string> {
  const parts = markdown.split(/^## /m).slice(1);
  return Object.fromEntries(parts.map((part) => [part.slice(0, part.indexOf('\n')).trim(), part.slice(part.indexOf('\n') + 1).trim()]));
}

/** The categories a listing names, by store: its `- Store: Category` lines. */
export function categoriesOf(section: string): Record<string, string> {
  return Object.fromEntries([...section.matchAll(/^- ([^:]+): (.+)$/gm)].map((match) => [match[1]!.trim(), match[2]!.trim()]));
}

/** The backticked names of the paragraph that starts with `label`. */
export function namesAfter(markdown: string, label: string): string[] {
  const paragraph = markdown.split(/\n\s*\n/).find((block) => block.startsWith(label)) ?? '';
  return [...paragraph.matchAll(/`(\w+)`/g)].map((match) => match[1]!);
}

const listing = (language: string) => sectionsOf(readFileSync(`docs/store/listing.${language}.md`, 'utf8'));
const messages = (language: string) => load(readFileSync(`utils/i18n/locales/${language}.yml`, 'utf8')) as { extName: string; extDescription: string };

describe('the helpers', () => {
  it.each([
    ['# T\n\nintro\n\n## Name\n\nX\n\n## Short description\n\nY z.\n', { Name: 'X', 'Short description': 'Y z.' }],
    ['no sections', {}],
  ])('sectionsOf(%j)', (markdown, sections) => {
    expect(sectionsOf(markdown)).toEqual(sections);
  });

  it.each([
    ['- Chrome Web Store: Productivity › Tools\n- addons.mozilla.org: Privacy & Security', { 'Chrome Web Store': 'Productivity › Tools', 'addons.mozilla.org': 'Privacy & Security' }],
    ['Productivity', {}],
  ])('categoriesOf(%j)', (section, categories) => {
    expect(categoriesOf(section)).toEqual(categories);
  });

  it.each([
    ['Intro `a`.\n\nRequired: `b`, `c`\n`d`.\n\n- `e`', 'Required:', ['b', 'c', 'd']],
    ['Nothing here', 'Required:', []],
  ])('namesAfter(%j, %s)', (markdown, label, names) => {
    expect(namesAfter(markdown, label)).toEqual(names);
  });
});

describe.each(LANGUAGES)('the %s store listing', (language) => {
  const sections = listing(language);

  it('has the name, short description, categories and long description', () => {
    expect(Object.keys(sections)).toEqual(['Name', 'Short description', 'Category', 'Long description']);
  });

  it(`names the extension as its manifest does, in at most ${LIMITS.name} characters`, () => {
    expect(sections.Name).toBe(messages(language).extName);
    expect(sections.Name!.length).toBeLessThanOrEqual(LIMITS.name);
  });

  it(`has the extension's own description as its short description, in at most ${LIMITS.short} characters`, () => {
    expect(sections['Short description']).toBe(messages(language).extDescription);
    expect(sections['Short description']!.length).toBeLessThanOrEqual(LIMITS.short);
  });

  it('names a category for each store', () => {
    expect(Object.keys(categoriesOf(sections.Category!))).toEqual(STORES);
  });

  it(`has a long description of ${LIMITS.longMin} to ${LIMITS.longMax} characters`, () => {
    expect(sections['Long description']!.length).toBeGreaterThanOrEqual(LIMITS.longMin);
    expect(sections['Long description']!.length).toBeLessThanOrEqual(LIMITS.longMax);
  });
});

describe("Firefox's data collection declaration", () => {
  const answers = readFileSync('docs/store/README.md', 'utf8');
  const manifest = JSON.parse(readFileSync('tests/support/manifests/firefox-mv2.json', 'utf8')) as {
    browser_specific_settings: { gecko: { data_collection_permissions: { required: string[]; optional?: string[] } } };
  };
  const declared = manifest.browser_specific_settings.gecko.data_collection_permissions;

  it('is in the manifest as docs/store/README.md writes it down', () => {
    expect(namesAfter(answers, 'Required:').toSorted()).toEqual(declared.required.toSorted());
    expect(namesAfter(answers, 'Optional:').toSorted()).toEqual((declared.optional ?? []).toSorted());
  });

  it.each(declared.required)('says why %s is declared', (name) => {
    expect(answers).toMatch(new RegExp(`^- \`${name}\`: \\w`, 'm'));
  });
});
