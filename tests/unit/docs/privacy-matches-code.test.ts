import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WEBMAIL_PAGES } from '@/utils/webmail/webmail-hosts';

// docs/privacy.md must name every host the extension's code can contact and
// every place it keeps something (issue 42): this scans the code the
// extension is built from and the shipped manifests' snapshots, and fails
// on a new host, host permission, storage key, database, object store or
// page storage key the policy does not name.

const POLICY = readFileSync('docs/privacy.md', 'utf8');
const MANIFESTS = ['tests/support/manifests/chrome-mv3.json', 'tests/support/manifests/firefox-mv2.json'];

/** Hosts written in the code that it never contacts, each with why; a new one is added here only with its reason. */
const NAMED_NOT_CONTACTED: Record<string, string> = {
  'www.w3.org': 'XML namespace names (SVG, XHTML): identifiers, never fetched',
};

/** The extension's own code: what the build reads (tests and the sandbox are not shipped). */
function sourceFiles(): { file: string; text: string }[] {
  return ['entrypoints', 'components', 'utils'].flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => ({ file: `${dir}/${name}`, text: readFileSync(`${dir}/${name}`, 'utf8') })),
  );
}

/** The code without its comments: an address in a doc comment is an example, not a request. */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** Names kept for documentation by RFC 2606 and 6761: they never resolve to anyone's server. */
function isReservedName(host: string): boolean {
  return /(^|\.)(example|invalid|test|localhost)$/.test(host) || /(^|\.)example\.(com|net|org)$/.test(host) || host === '127.0.0.1';
}

/** Every literal host of an http(s) address in a piece of code (no patterns, no templates). */
export function hostsIn(code: string): string[] {
  const hosts = [...code.matchAll(/\bhttps?:\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?=[/:'"`?#\s]|$)/gi)].map((match) => match[1]!.toLowerCase());
  return [...new Set(hosts)].filter((host) => !isReservedName(host));
}

/** The `local:name` / `session:name` / `sync:name` items of @wxt-dev/storage, as `area:name` (a meta key's `$` dropped). */
export function storageItemsIn(code: string): string[] {
  return [...code.matchAll(/['"`](local|session|sync):([\w-]+)\$?['"`]/g)].map((match) => `${match[1]}:${match[2]}`);
}

/** The string a name stands for: the literal itself, or the `const NAME = '…'` of the file or of the code it imports from. */
function resolveName(argument: string, code: string, elsewhere: string): string | undefined {
  const literal = /^['"`]([^'"`]+)['"`]$/.exec(argument);
  if (literal) return literal[1];
  if (!/^\w+$/.test(argument)) return undefined;
  const constant = new RegExp(`const ${argument}\\s*=\\s*['"\`]([^'"\`]+)['"\`]`);
  return (constant.exec(code) ?? constant.exec(elsewhere))?.[1];
}

/** The databases opened, object stores created and page-storage keys written, by what the code calls (`elsewhere`: the rest of the code, for imported names). */
export function storedPlacesIn(code: string, elsewhere = ''): { kind: string; name: string | undefined }[] {
  const calls: [kind: string, pattern: RegExp][] = [
    ['IndexedDB database', /\b(?:openDB(?:<[^>]*>)?|indexedDB\.open)\(\s*([^,)\s]+)/g],
    ['IndexedDB object store', /\bcreateObjectStore\(\s*([^,)\s]+)/g],
    ['localStorage', /\blocalStorage\.setItem\(\s*([^,)\s]+)/g],
    ['sessionStorage', /\bsessionStorage\.setItem\(\s*([^,)\s]+)/g],
  ];
  return calls.flatMap(([kind, pattern]) => [...code.matchAll(pattern)].map((match) => ({ kind, name: resolveName(match[1]!, code, elsewhere) })));
}

/** The browser.storage areas written to directly, without @wxt-dev/storage. */
export function storageAreasWrittenIn(code: string): string[] {
  return [...code.matchAll(/\bstorage\.(local|session|sync)\.(?:set|remove|clear)\b/g)].map((match) => match[1]!);
}

/** Every origin pattern the shipped manifests ask for, granted or optional. */
function manifestHostPatterns(): string[] {
  const keys = ['host_permissions', 'optional_host_permissions', 'permissions', 'optional_permissions'];
  return MANIFESTS.flatMap((file) => {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return keys.flatMap((key) => (Array.isArray(manifest[key]) ? (manifest[key] as string[]) : [])).filter((entry) => entry.includes('://') || entry === '<all_urls>');
  });
}

const code = sourceFiles().map(({ file, text }) => ({ file, text: withoutComments(text) }));
const unique = <T>(items: T[]) => [...new Set(items)].sort();
/** The webmail hosts "Report this email" reads from: built from a list of names, which the literal scan cannot see. */
const webmailHosts = WEBMAIL_PAGES.map((pattern) => new URL(pattern.replace(/\*$/, '')).host);
const hosts = unique([...code.flatMap(({ text }) => hostsIn(text)), ...webmailHosts]).filter((host) => !(host in NAMED_NOT_CONTACTED));
const items = unique(code.flatMap(({ text }) => storageItemsIn(text)));
const allCode = code.map(({ text }) => text).join('\n');
const places = [...new Map(code.flatMap(({ file, text }) => storedPlacesIn(text, allCode).map((place) => [`${place.kind} ${place.name ?? file}`, { ...place, file }] as const))).values()];
const areas = unique([...items.map((item) => item.split(':')[0]!), ...code.flatMap(({ text }) => storageAreasWrittenIn(text))]);

describe('the scanners', () => {
  it.each([
    ["fetch('https://mail.google.com/mail/u/0/')", ['mail.google.com']],
    ['const a = "http://127.0.0.1:8787", b = `https://${host}/x`, c = "https://*/*";', []],
    ["new URL('https://invalid'); 'https://api.example.com'; 'https://phish.example/'; 'http://x.test'", []],
    ["base + 'https://accounts.google.com/'", ['accounts.google.com']],
  ])('hostsIn(%s)', (text, found) => {
    expect(hostsIn(text)).toEqual(found);
  });

  it.each([
    ['// see https://tracker.example.net/x\nfetch(url); /* https://cdn.example.org */', 'fetch(url); '],
    ["const u = 'https://mail.google.com/'; // the mailbox", "const u = 'https://mail.google.com/';"],
  ])('withoutComments(%j)', (text, left) => {
    expect(withoutComments(text).trim()).toBe(left.trim());
  });

  it.each([
    ["storage.defineItem('local:apiKey', {})", ['local:apiKey']],
    ["{ key: 'local:connection$', value: 1 }", ['local:connection']],
    ["storage.defineItem('session:tabChain')", ['session:tabChain']],
    ["storage.defineItem('sync:theme')", ['sync:theme']],
  ])('storageItemsIn(%s)', (text, found) => {
    expect(storageItemsIn(text)).toEqual(found);
  });

  it.each([
    ["const DB_NAME = 'takedown-reporter';\nawait openDB<ReportsDb>(DB_NAME, 6, {})", [{ kind: 'IndexedDB database', name: 'takedown-reporter' }]],
    ["indexedDB.open('chains', 1)", [{ kind: 'IndexedDB database', name: 'chains' }]],
    ["database.createObjectStore('meta')", [{ kind: 'IndexedDB object store', name: 'meta' }]],
    ["const KEY = 'x:y';\nlocalStorage.setItem(KEY, value)", [{ kind: 'localStorage', name: 'x:y' }]],
    ["sessionStorage.setItem('carried', '1')", [{ kind: 'sessionStorage', name: 'carried' }]],
    ['localStorage.setItem(keyOf(tab), value)', [{ kind: 'localStorage', name: undefined }]],
    ['localStorage.setItem(PAINT_COPY, theme)', [{ kind: 'localStorage', name: 'a:theme' }]],
  ])('storedPlacesIn(%j)', (text, found) => {
    expect(storedPlacesIn(text, "export const PAINT_COPY = 'a:theme';")).toEqual(found);
  });

  it.each([
    ['browser.storage.local.set({ a: 1 })', ['local']],
    ['browser.storage.session.remove("x")', ['session']],
    ['browser.storage.local.get(["a"]); browser.storage.managed.get()', []],
  ])('storageAreasWrittenIn(%s)', (text, found) => {
    expect(storageAreasWrittenIn(text)).toEqual(found);
  });

  it('finds in the code what is known to be there, so a broken scan cannot pass by finding nothing', () => {
    expect(hosts).toEqual(expect.arrayContaining(['mail.google.com', 'outlook.office.com', 'outlook.live.com']));
    expect(items).toEqual(expect.arrayContaining(['local:apiKey', 'local:connection', 'local:settings', 'session:usageCache']));
    expect(places.map(({ kind, name }) => `${kind} ${name}`)).toEqual(
      expect.arrayContaining(['IndexedDB database takedown-reporter', 'IndexedDB object store reports', 'localStorage takedown-reporter:popup-shell']),
    );
    expect(manifestHostPatterns()).toContain('https://*/*');
  });
});

describe('docs/privacy.md', () => {
  it.each(hosts)('names %s, a host the code can contact', (host) => {
    expect(POLICY).toContain(host);
  });

  it.each(unique(manifestHostPatterns()))('names the manifest host permission %s', (pattern) => {
    expect(POLICY).toContain(`\`${pattern}\``);
  });

  it.each(items)('names the stored item %s, in its area', (item) => {
    const [area, name] = item.split(':') as [string, string];
    expect(POLICY).toContain(`\`${name}\``);
    expect(POLICY).toContain(`browser.storage.${area}`);
  });

  it.each(areas)('names the storage area browser.storage.%s', (area) => {
    expect(POLICY).toContain(`browser.storage.${area}`);
  });

  it('says nothing is synced, as long as nothing is written to browser.storage.sync', () => {
    expect(areas).not.toContain('sync');
    expect(POLICY).toContain('Nothing is written to\nbrowser.storage.sync');
  });

  it.each(places.map(({ kind, name, file }) => [`${kind} ${name ?? '(a name the scan cannot read)'}`, { kind, name, file }] as const))('names the %s', (_label, place) => {
    expect(place.name, `${place.file}: name the ${place.kind} with a string constant of the same file, so this test can read it`).toBeDefined();
    expect(POLICY).toContain(`\`${place.name}\``);
    expect(POLICY).toContain(place.kind.split(' ')[0]);
  });

  it('says there is no analytics and names the test that keeps it true', () => {
    expect(POLICY).toMatch(/no\s+analytics/);
    expect(POLICY).toContain('tests/unit/docs/privacy-matches-code.test.ts');
  });
});
