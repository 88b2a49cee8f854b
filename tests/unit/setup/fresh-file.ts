// Test files share one module graph per worker (`isolate: false` in
// vitest.config.ts: a minute faster): each file starts from what a fresh one
// would see — an empty fake browser, a new IndexedDB, no database connection
// or policy kept by a module from the file before, no stand-in a file put on
// the fake browser. (In `beforeAll`: WXT's own setup, which puts the fake
// browser in place, runs after this file.)
import { beforeAll } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * The fake browser's namespaces as the worker's first file found them. Files
 * replace some with stand-ins (`Object.assign(fakeBrowser, { action: … })`);
 * left in place, the next file's code called them: a stand-in badge that
 * refused every call made the background's watchers reject, unhandled, in
 * tests/unit/messaging/router-properties.test.ts (1,003 errors in a
 * clean-clone run, as the files happened to meet in one worker).
 */
const NAMESPACES = Symbol.for('takedown-reporter.fake-browser-namespaces');
const store = globalThis as { [NAMESPACES]?: Record<string, unknown> };
const namespaces = (store[NAMESPACES] ??= { ...fakeBrowser });

/**
 * Each namespace's members as that first file found them: a file that puts a
 * stand-in on a namespace (`Object.assign(fakeBrowser.tabs, { get: … })`)
 * leaves the namespace object itself in place, so restoring the namespaces
 * alone kept the stand-in: the Outlook reader's `tabs.get` that refused every
 * tab failed tests/unit/evidence/real-capture.test.ts in one whole run in two.
 */
const MEMBERS = Symbol.for('takedown-reporter.fake-browser-members');
const memberStore = globalThis as { [MEMBERS]?: Record<string, Record<string, unknown>> };
const members = (memberStore[MEMBERS] ??= Object.fromEntries(
  Object.entries(namespaces).flatMap(([name, namespace]) => (namespace && typeof namespace === 'object' ? [[name, { ...namespace }]] : [])),
));

/** Puts each namespace's members back as they were found: stand-ins a file added are dropped, those it replaced restored. */
function restoreMembers(): void {
  for (const [name, saved] of Object.entries(members)) {
    const namespace = namespaces[name] as Record<string, unknown>;
    for (const key of Object.keys(namespace)) if (!(key in saved)) delete namespace[key];
    Object.assign(namespace, saved);
  }
}

beforeAll(async () => {
  for (const name of Object.keys(fakeBrowser)) if (!(name in namespaces)) delete (fakeBrowser as unknown as Record<string, unknown>)[name];
  Object.assign(fakeBrowser, namespaces);
  restoreMembers();
  const [{ closeReportsDb }, { forgetLoadedPolicy }] = await Promise.all([import('@/utils/storage/reports-db'), import('@/utils/settings/managed')]);
  await closeReportsDb();
  forgetLoadedPolicy();
  fakeBrowser.reset();
  if ('indexedDB' in globalThis) globalThis.indexedDB = new IDBFactory();
});
