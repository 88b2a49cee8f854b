import { storage as library } from '@wxt-dev/storage';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage as subset } from '@/utils/storage/storage-subset';

// The service worker's build reads storage with utils/storage/storage-subset.ts
// where the code says @wxt-dev/storage (wxt.config.ts). Here each use the
// code makes of it runs twice, on the library and on the subset, each from the
// same stored values: both must answer the same and leave storage the same.
// (The tests of every item, the outbox and the background run on the subset
// too: the `worker` project of vitest.config.ts, which leaves this file out.)

type Storage = typeof library;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What a scenario answered, and both storage areas after it. */
async function outcome(storage: Storage, stored: Record<string, unknown>, scenario: (storage: Storage) => Promise<unknown>): Promise<unknown> {
  fakeBrowser.reset();
  await fakeBrowser.storage.local.set(stored);
  const errors: unknown[] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => void errors.push(String(args[1]));
  try {
    const answered = await scenario(storage).catch((thrown: unknown) => `threw ${String(thrown)}`);
    await flush();
    return { answered, errors, local: await fakeBrowser.storage.local.get(null), session: await fakeBrowser.storage.session.get(null) };
  } finally {
    console.error = error;
  }
}

/** An item as the code defines its versioned ones: a migration to version 2 that adds a field. */
const versioned = (storage: Storage) =>
  storage.defineItem<{ a: number; b?: string } | null>('local:thing', { fallback: null, version: 2, migrations: { 2: (old: { a: number }) => ({ ...old, b: 'added' }) } });

const STORED: [string, Record<string, unknown>][] = [
  ['nothing', {}],
  ['version 1 without its mark', { thing: { a: 1 } }],
  ['version 1 with its mark', { thing: { a: 1 }, thing$: { v: 1 } }],
  ['version 2', { thing: { a: 2, b: 'kept' }, thing$: { v: 2 } }],
  ['a newer version', { thing: { a: 3 }, thing$: { v: 3 } }],
  ['a mark without a value', { thing$: { v: 1 } }],
];

const SCENARIOS: [string, (storage: Storage) => Promise<unknown>][] = [
  ['reads a versioned item', async (storage) => versioned(storage).getValue()],
  [
    'writes, then reads, then removes a versioned item',
    async (storage) => {
      const item = versioned(storage);
      await item.setValue({ a: 9 });
      const read = await item.getValue();
      await item.removeValue();
      return [read, await item.getValue()];
    },
  ],
  ['writes null as a removal', async (storage) => versioned(storage).setValue(null)],
  [
    'runs the migrations again on what is stored now',
    async (storage) => {
      const item = versioned(storage);
      await item.getValue();
      await fakeBrowser.storage.local.set({ thing: { a: 5 }, thing$: { v: 1 } });
      await item.migrate();
      return item.getValue();
    },
  ],
  [
    'an item without versions, in storage.session, with its fallback',
    async (storage) => {
      const item = storage.defineItem<number>('session:count', { fallback: 0 });
      const before = await item.getValue();
      await item.setValue(4);
      return [before, await item.getValue(), item.fallback, item.defaultValue, item.key];
    },
  ],
  [
    'an item whose fallback is a value, as the settings',
    async (storage) => {
      const item = storage.defineItem<{ on: boolean }>('local:choice', { fallback: { on: true } });
      return [await item.getValue(), item.fallback];
    },
  ],
  ['reads one key', async (storage) => [await storage.getItem('local:thing'), await storage.getItem('local:none')]],
  ['reads keys in one call', async (storage) => storage.getItems(['local:thing', 'local:none', 'session:count'])],
  [
    'writes items and keys in one call',
    async (storage) => {
      const item = versioned(storage);
      await storage.setItems([
        { item, value: { a: 7 } },
        { key: 'local:thing$', value: { v: 2 } },
        { key: 'session:count', value: 3 },
      ]);
      return item.getValue();
    },
  ],
  [
    'removes items, with their mark when asked',
    async (storage) => {
      const item = versioned(storage);
      const other = storage.defineItem<string | null>('local:other', { fallback: null });
      await other.setValue('x');
      await storage.removeItems([other, { item, options: { removeMeta: true } }]);
    },
  ],
  ['removes an item without its mark unless asked', async (storage) => storage.removeItems([versioned(storage)])],
  [
    'tells watchers of each change, not of an equal write, and a removal as the fallback',
    async (storage) => {
      const seen: unknown[] = [];
      const item = versioned(storage);
      const unwatchItem = item.watch((value, old) => seen.push(['item', value, old]));
      const unwatchKey = storage.watch('local:thing', (value, old) => seen.push(['key', value, old]));
      await item.setValue({ a: 1, b: 'x' });
      await item.setValue({ a: 1, b: 'x' });
      await item.removeValue();
      unwatchItem();
      unwatchKey();
      await item.setValue({ a: 2 });
      return seen;
    },
  ],
];

describe('the storage subset answers and writes as @wxt-dev/storage', () => {
  beforeEach(() => fakeBrowser.reset());

  describe.each(STORED)('stored: %s', (_stored, stored) => {
    it.each(SCENARIOS)('%s', async (_name, scenario) => {
      const theirs = await outcome(library, stored, scenario);
      const ours = await outcome(subset as unknown as Storage, stored, scenario);
      expect(ours).toEqual(theirs);
    });
  });
});
