// Test files share one module graph per worker (`isolate: false` in
// vitest.config.ts: a minute faster): each file starts from what a fresh one
// would see — an empty fake browser, a new IndexedDB, no database connection
// or policy kept by a module from the file before. (In `beforeAll`: WXT's own
// setup, which puts the fake browser in place, runs after this file.)
import { beforeAll } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing/fake-browser';

beforeAll(async () => {
  const [{ closeReportsDb }, { forgetLoadedPolicy }] = await Promise.all([import('@/utils/storage/reports-db'), import('@/utils/settings/managed')]);
  await closeReportsDb();
  forgetLoadedPolicy();
  fakeBrowser.reset();
  if ('indexedDB' in globalThis) globalThis.indexedDB = new IDBFactory();
});
