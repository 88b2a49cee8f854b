import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Firefox for Android (docs/releasing.md › Firefox for Android): every
// extension API the code calls, looked up in MDN's browser-compat-data (the
// copy addons-linter brings). What Android lacks must be the few namespaces
// the code guards and the page names; the manifest's minimum Android version
// must be the newest of what the code uses.

/** addons-linter's copy: hoisted to the top, or under addons-linter if npm nests it. */
const BCD_FILES = ['node_modules/@mdn/browser-compat-data/data.json', 'node_modules/addons-linter/node_modules/@mdn/browser-compat-data/data.json'];

interface Support {
  version_added: string | boolean;
}
interface Feature {
  __compat?: { support: { firefox_android?: Support | Support[] } };
  [member: string]: Feature | Feature['__compat'];
}

const bcd = JSON.parse(
  readFileSync(
    BCD_FILES.find((file) => existsSync(file))!,
    'utf8',
  ),
) as { webextensions: { api: Feature; manifest: Feature } };

/** Firefox's names for the namespaces the code reaches by Chrome's: the MV2 build has `browserAction`, `menus` is `contextMenus`. */
const FIREFOX_NAME: Record<string, string> = { contextMenus: 'menus', action: 'browserAction' };

/** The Firefox for Android version an API arrived in; false when it never did. */
function androidSince(feature: Feature | undefined): string | false {
  const support = feature?.__compat?.support.firefox_android;
  const added = (Array.isArray(support) ? support[0] : support)?.version_added;
  return typeof added === 'string' ? added : false;
}

/** Every `browser.namespace` and `browser.namespace.member` the extension's code uses, and the storage areas it names by prefix (`'session:usage'`). */
function apisUsed(): string[] {
  const apis = new Set<string>();
  for (const dir of ['entrypoints', 'components', 'utils']) {
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => /\.tsx?$/.test(name))) {
      const source = readFileSync(`${dir}/${file}`, 'utf8');
      if (!source.includes("from 'wxt/browser'") && !source.includes("from '@wxt-dev/storage'")) continue;
      for (const [, namespace, member] of source.matchAll(/\bbrowser\.(\w+)(?:\.(\w+))?/g)) apis.add(member ? `${namespace}.${member}` : namespace!);
      for (const [, area] of source.matchAll(/'(local|session|sync|managed):\w/g)) apis.add(`storage.${area}`);
    }
  }
  return [...apis].sort();
}

/** Each API used, with the Android version it arrived in. */
function androidSupport(): Record<string, string | false> {
  const entries = apisUsed().map((api) => {
    const [namespace, member] = api.split('.') as [string, string | undefined];
    const feature = bcd.webextensions.api[FIREFOX_NAME[namespace] ?? namespace] as Feature | undefined;
    return [api, androidSince(member ? (feature?.[member] as Feature | undefined) : feature)] as const;
  });
  return Object.fromEntries(entries);
}

const versionNumber = (version: string) => Number.parseFloat(version);
const androidSection =
  readFileSync('docs/releasing.md', 'utf8')
    .split(/^## /m)
    .find((section) => section.startsWith('Firefox for Android')) ?? '';

describe('Firefox for Android', () => {
  const support = androidSupport();

  it('lacks only what the code guards and docs/releasing.md names', () => {
    const missing = Object.entries(support)
      .filter(([, since]) => since === false)
      .map(([api]) => api);
    // A namespace none of whose used members exist is named whole; one missing a member alone (tabs.onReplaced) by that member.
    const namespaceOf = (api: string) => api.split('.')[0]!;
    const wholly = (namespace: string) => Object.entries(support).every(([api, since]) => namespaceOf(api) !== namespace || since === false);
    const absent = missing.map((api) => (!api.startsWith('storage.') && wholly(namespaceOf(api)) ? namespaceOf(api) : api));
    // Guarded: utils/menus/registry.ts, entrypoints/background/index.ts, utils/messaging/review-page.ts, utils/settings/managed.ts,
    // utils/navigation/navigation-keeper.ts (listens to tabs.onReplaced only where it exists).
    expect([...new Set(absent)].sort()).toEqual(['commands', 'contextMenus', 'storage.managed', 'tabs.onReplaced', 'windows']);
    for (const namespace of absent) expect(androidSection).toContain(`\`${namespace.replace('contextMenus', 'menus')}\``);
  });

  it('is declared from the newest version any API or manifest key the code uses needs', () => {
    const manifest = JSON.parse(readFileSync('tests/support/manifests/firefox-mv2.json', 'utf8')) as { browser_specific_settings: { gecko_android: { strict_min_version: string } } };
    // The manifest key that needs the newest Android: the data collection declaration (gecko.data_collection_permissions).
    const gecko = (bcd.webextensions.manifest.browser_specific_settings as Feature).gecko as Feature;
    const versions = [...Object.values(support), androidSince(gecko.data_collection_permissions as Feature)].filter((since): since is string => since !== false);
    const newest = Math.max(...versions.map(versionNumber));
    expect(versionNumber(manifest.browser_specific_settings.gecko_android.strict_min_version)).toBe(newest);
    expect(androidSection).toContain(`\`strict_min_version\` ${newest}.0`);
  });
});
