import type { Worker } from '@playwright/test';
import { expect, readExtensionStorage, test } from './fixtures';
import { connect } from './reporting-helpers';

// The shared browser keeps the extension installed between tests and clears
// it instead (fixtures.ts, `clearExtension`): the second test must meet the
// extension as a fresh install would be, whatever the first one left in it.
// Serial: both run in the same worker, so in the same browser, in order.
test.describe.configure({ mode: 'serial' });

declare const takedownReporterTest: { createDraft(draft: object): Promise<{ id: string }> };
declare const chrome: {
  storage: Record<'sync' | 'session', { get(keys: null): Promise<Record<string, unknown>>; set(items: Record<string, unknown>): Promise<void> }>;
  alarms: { create(name: string, info: { delayInMinutes: number }): Promise<void>; getAll(): Promise<{ name: string }[]> };
  notifications: { create(id: string, options: object): Promise<string>; getAll(): Promise<Record<string, boolean>> };
  action: { setBadgeText(details: { text: string }): Promise<void>; getBadgeText(details: object): Promise<string> };
};

/**
 * What the extension holds, as far as a test can see it from the worker:
 * every database that holds records, each store with its count. (An empty
 * database is left out: a worker that has just started may have opened its
 * own already or not yet, which is timing, not something kept.)
 */
function extensionState(worker: Worker) {
  return worker.evaluate(async () => {
    const databases: Record<string, Record<string, number>> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const stores = [...db.objectStoreNames];
      const counts = Object.fromEntries(
        await Promise.all(
          stores.map(
            (store) =>
              new Promise<[string, number]>((resolve) => {
                const count = db.transaction(store).objectStore(store).count();
                count.onsuccess = () => resolve([store, count.result]);
              }),
          ),
        ),
      );
      db.close();
      if (Object.values(counts).some((count) => count > 0)) databases[name] = counts;
    }
    return {
      sync: await chrome.storage.sync.get(null),
      session: await chrome.storage.session.get(null),
      alarms: (await chrome.alarms.getAll()).map((alarm) => alarm.name).sort(),
      notifications: Object.keys(await chrome.notifications.getAll()),
      badge: await chrome.action.getBadgeText({}),
      databases,
    };
  });
}

let first: { local: Record<string, unknown>; state: Awaited<ReturnType<typeof extensionState>> } | undefined;

test('a test may leave the extension connected, with a report, storage, an alarm, a notification, a badge and page storage', async ({ context, serviceWorker, extensionId, sandbox, optionsPage }) => {
  first = { local: await readExtensionStorage(serviceWorker), state: await extensionState(serviceWorker) };
  await connect(context, extensionId, sandbox);
  await serviceWorker.evaluate(async () => {
    await takedownReporterTest.createDraft({ action: 'tkd', subject: { type: 'url', value: 'https://left.example/' }, fields: { url: 'https://left.example/' }, files: [], origin: 'popup' });
    await chrome.storage.sync.set({ leftBehind: true });
    await chrome.storage.session.set({ leftBehind: true });
    await chrome.alarms.create('left-behind', { delayInMinutes: 60 });
    await chrome.notifications.create('left-behind', { type: 'basic', iconUrl: '/icon/48.png', title: 'Left behind', message: 'Left behind' });
    await chrome.action.setBadgeText({ text: '!' });
  });
  await optionsPage.page.goto(`chrome-extension://${extensionId}/options.html`);
  await optionsPage.page.evaluate(() => localStorage.setItem('left-behind', 'yes'));
  const left = await extensionState(serviceWorker);
  // Each of these was really written, so the next test's check means something.
  expect(left.alarms).toContain('left-behind');
  expect(left.notifications).toEqual(['left-behind']);
  expect(left.badge).toBe('!');
  expect(Object.values(left.databases).some((stores) => Object.values(stores).some((count) => count > 0))).toBe(true);
  expect(Object.keys(await readExtensionStorage(serviceWorker))).toContain('connection');
});

test('the next test meets the extension as the first one did: reloaded, with nothing of it kept', async ({ context, serviceWorker, extensionId, extensionReloaded, installOpened, optionsPage }) => {
  expect(first, 'the first test ran').toBeDefined();
  // The point of clearing: the same installed copy, reloaded (an uninstall would pass this test without proving it).
  expect(extensionReloaded).toBe(true);
  // A reload is an update, not an install: it opens no page and, with nothing the user must know
  // (utils/background/must-know.ts), shows no notification.
  expect(installOpened).toBeNull();
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(
    context
      .pages()
      .map((page) => page.url())
      .filter((url) => url.startsWith(`chrome-extension://${extensionId}/`)),
  ).toEqual([]);
  expect((await extensionState(serviceWorker)).notifications).toEqual([]);
  expect(await readExtensionStorage(serviceWorker)).toEqual(first!.local);
  expect(await extensionState(serviceWorker)).toEqual(first!.state);
  await optionsPage.page.goto(`chrome-extension://${extensionId}/options.html`);
  expect(await optionsPage.page.evaluate(() => localStorage.getItem('left-behind'))).toBeNull();
});

test.describe('a fresh install', () => {
  test.use({ ownBrowser: true });

  test('opens the options page on Connection, which says in one sentence what to do (the fixture closes it, so other tests start from one blank tab)', async ({
    installOpened,
    extensionId,
    optionsPage,
  }) => {
    expect(installOpened).toBe(`chrome-extension://${extensionId}/options.html#connection`);
    await optionsPage.page.goto(installOpened!);
    await expect(optionsPage.page.getByText('Not connected yet. Enter your service URL and API key.')).toBeVisible();
  });
});
