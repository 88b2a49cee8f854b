import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background/index';
import { getBackgroundService } from '@/utils/messaging/background-service';
import { closeReportsDb } from '@/utils/storage/reports-db';
import { sendAsPage } from '../messaging/as-page';

// Firefox for Android has no menus, no shortcuts (`commands`), no windows and
// no managed storage (docs/releasing.md): the worker starts there all the
// same, with what the popup and the pages need.

/** What Firefox for Android lacks, each left undefined as the browser leaves it. */
const ABSENT_ON_ANDROID = {
  menus: () => Object.assign(fakeBrowser, { contextMenus: undefined, menus: undefined }),
  shortcuts: () => Object.assign(fakeBrowser, { commands: undefined }),
  windows: () => Object.assign(fakeBrowser, { windows: undefined }),
  'managed storage': () => Object.assign(fakeBrowser.storage, { managed: undefined }),
};
const lacking =
  (...names: (keyof typeof ABSENT_ON_ANDROID)[]) =>
  () =>
    names.forEach((name) => ABSENT_ON_ANDROID[name]());

describe('the background on Firefox for Android', () => {
  const kept = { ...fakeBrowser };
  const managed = fakeBrowser.storage.managed;
  const replaced = fakeBrowser.tabs.onReplaced;
  const { onAdded, onRemoved } = fakeBrowser.permissions;
  beforeEach(() => {
    fakeBrowser.reset();
    globalThis.indexedDB = new IDBFactory();
    // As Chrome and Firefox on a computer have them (WXT's fake browser implements neither).
    const listening = { addListener: vi.fn() };
    Object.assign(fakeBrowser, { contextMenus: { create: vi.fn(), removeAll: vi.fn(async () => undefined), onClicked: listening }, commands: { onCommand: listening } });
    // The navigation keeper's events (tabs.onReplaced where the browser has it: Chrome, not Firefox), which WXT's fake browser does not implement.
    const event = () => ({ addListener: vi.fn(), removeListener: vi.fn(), hasListener: vi.fn(() => false) });
    Object.assign(fakeBrowser.tabs, { onReplaced: event() });
    Object.assign(fakeBrowser.permissions, { onAdded: event(), onRemoved: event() });
  });
  afterEach(async () => {
    Object.assign(fakeBrowser, kept);
    Object.assign(fakeBrowser.storage, { managed });
    Object.assign(fakeBrowser.tabs, { onReplaced: replaced });
    Object.assign(fakeBrowser.permissions, { onAdded, onRemoved });
    await closeReportsDb();
  });

  it.each([
    ['nothing (Chrome, Firefox on a computer)', lacking()],
    ['menus', lacking('menus')],
    ['shortcuts', lacking('shortcuts')],
    ['managed storage', lacking('managed storage')],
    ['menus, shortcuts, windows and managed storage', lacking('menus', 'shortcuts', 'windows', 'managed storage')],
  ])('starts when the browser lacks %s, and answers its pages', async (_lacking, remove) => {
    remove();
    expect(() => background.main!()).not.toThrow();
    sendAsPage('options');
    await expect(getBackgroundService().connection.getStatus({ live: false })).resolves.toMatchObject({ state: 'not_configured' });
  });

  it('opens the Connection section on install, in a tab', async () => {
    lacking('menus', 'shortcuts', 'windows', 'managed storage')();
    const create = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never);
    background.main!();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    expect(create.mock.calls.map(([properties]) => properties.url)).toEqual([`chrome-extension://${fakeBrowser.runtime.id}/options.html#connection`]);
  });
});
