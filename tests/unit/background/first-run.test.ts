import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handleInstalled } from '@/utils/background/first-run';
import { MUST_KNOW, mustKnowSince, versionKey, type MustKnow } from '@/utils/background/must-know';

const mustKnow = (version: string): MustKnow => ({ version, message: () => `Changed in ${version}.` });
/** A release list with two must-know changes, as a future one might hold. */
const LIST = [mustKnow('0.2.0'), mustKnow('0.3.0')];

/** What the user sees after `runtime.onInstalled`: the tabs it opened and the notifications it showed. */
async function install(details: Parameters<typeof handleInstalled>[0], list: readonly MustKnow[], current = '0.3.0') {
  const tabs = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never);
  const notifications = vi.spyOn(fakeBrowser.notifications, 'create').mockResolvedValue('' as never);
  vi.spyOn(fakeBrowser.runtime, 'getURL').mockImplementation((path: string) => `chrome-extension://test-extension-id${path}`);
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ version: current } as never);
  await handleInstalled(details, list);
  return {
    opened: tabs.mock.calls.map(([properties]) => properties.url),
    shown: notifications.mock.calls.map((call) => {
      const options = call.at(-1) as { title: string; message: string };
      return `${options.title} — ${options.message}`;
    }),
  };
}

describe('runtime.onInstalled', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it.each([
    ['install', ['chrome-extension://test-extension-id/options.html#connection']],
    ['update', []],
    ['chrome_update', []],
    ['shared_module_update', []],
  ] as const)('%s opens %j', async (reason, opened) => {
    expect((await install({ reason, previousVersion: '0.1.0' }, MUST_KNOW)).opened).toEqual(opened);
  });

  it.each([
    ['the release list as it is (nothing to know)', [], '0.1.0', MUST_KNOW],
    ['a list with nothing newer than the version replaced', [], '0.3.0', LIST],
    ['a reload of the same version', [], '0.3.0', [mustKnow('0.3.0')]],
    ['one must-know change since', ['Takedown Reporter 0.3.0: what you need to know — Changed in 0.3.0.'], '0.2.0', LIST],
    ['two, in one notification', ['Takedown Reporter 0.3.0: what you need to know — Changed in 0.2.0. Changed in 0.3.0.'], '0.1.0', LIST],
  ] as const)('an update with %s shows %j and opens nothing', async (_case, shown, previousVersion, list) => {
    expect(await install({ reason: 'update', previousVersion }, list)).toEqual({ opened: [], shown });
  });

  it.each(['install', 'chrome_update', 'shared_module_update'] as const)('%s shows no must-know change', async (reason) => {
    expect((await install({ reason, previousVersion: '0.1.0' }, LIST)).shown).toEqual([]);
  });
});

describe('must-know changes', () => {
  it.each([
    ['0.1.0', '0.1.0', 0],
    ['0.2.0', '0.10.0', -1],
    ['1.0', '1.0.0', 0],
    ['1.0.0.1', '1.0', 1],
    ['2.0.0', '1.99.99', 1],
    ['65535.0', '9999.9.9.9', 1],
  ])('%s against %s sorts as %i', (a, b, order) => {
    expect(Number(versionKey(a) > versionKey(b)) - Number(versionKey(a) < versionKey(b))).toBe(order);
  });

  it.each([
    ['0.1.0', '0.3.0', ['0.2.0', '0.3.0']],
    ['0.2.0', '0.3.0', ['0.3.0']],
    ['0.1.0', '0.2.5', ['0.2.0']],
    ['0.3.0', '0.3.0', []],
  ])('an update from %s to %s tells %j', (previous, current, versions) => {
    expect(mustKnowSince(LIST, previous, current).map(({ version }) => version)).toEqual(versions);
  });

  it('names versions the changelog has, oldest first, each with a sentence', () => {
    const released = [...readFileSync('CHANGELOG.md', 'utf8').matchAll(/^## \[(\d[\d.]*)\]/gm)].map(([, version]) => version);
    const versions = MUST_KNOW.map(({ version }) => version);
    expect(versions.filter((version) => !released.includes(version))).toEqual([]);
    expect(versions).toEqual(versions.toSorted((a, b) => (versionKey(a) < versionKey(b) ? -1 : 1)));
    expect(MUST_KNOW.filter(({ message }) => message().trim() === '')).toEqual([]);
  });
});
