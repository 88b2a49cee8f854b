import { browser, type Browser } from 'wxt/browser';

// The part of @wxt-dev/storage the service worker calls, written small (issue
// 43): the library's whole `storage` object (snapshots, metas, restores, a
// lock, none of which the worker calls) was about 2.4 KB of the worker's 36 KB
// gzipped. The worker build resolves '@wxt-dev/storage' here (wxt.config.ts),
// the pages keep the library, and the storage tests run on both
// (vitest.config.ts). The same keys ('local:x' is `x` in storage.local, its
// version mark `x$`, `{ v }`), values, migrations and answers.

type Area = 'local' | 'session';
type Key = `${Area}:${string}`;
type Entry = { key: Key; value: unknown } | { item: { key: Key }; value: unknown };
type Removal = { key: Key } | { item: { key: Key }; options?: { removeMeta?: boolean } };
interface ItemOptions<T> {
  fallback?: T;
  version?: number;
  migrations?: Record<number, (value: any) => unknown>;
}

const areaOf = (key: Key): Area => key.slice(0, key.indexOf(':')) as Area;
const nameOf = (key: Key) => key.slice(key.indexOf(':') + 1);
const storageOf = (key: Key): Browser.storage.StorageArea => browser.storage[areaOf(key)];

/** Runs `call` once per storage area of `keys`, with that area's keys. */
function perArea<T>(keys: Key[], call: (area: Browser.storage.StorageArea, inArea: Key[]) => Promise<T>): Promise<T[]> {
  const byArea = new Map<Area, Key[]>();
  for (const key of keys) byArea.set(areaOf(key), [...(byArea.get(areaOf(key)) ?? []), key]);
  return Promise.all([...byArea].map(([area, inArea]) => call(browser.storage[area], inArea)));
}

/** Calls back with each change of `key`'s value (null when it is gone); a write of an equal value is no change. */
function watch<T>(key: Key, callback: (value: T | null, old: T | null) => void): () => void {
  const name = nameOf(key);
  const listener = (changes: Record<string, Browser.storage.StorageChange>) => {
    const change = changes[name];
    // The values are JSON: equal text is an equal value.
    if (change && JSON.stringify(change.newValue) !== JSON.stringify(change.oldValue)) callback((change.newValue ?? null) as T | null, (change.oldValue ?? null) as T | null);
  };
  storageOf(key).onChanged.addListener(listener);
  return () => storageOf(key).onChanged.removeListener(listener);
}

/** An item: its value, or its fallback; with migrations, migrated to its version before it is read or written. */
function defineItem<T>(key: Key, options: ItemOptions<T> = {}) {
  const area = () => storageOf(key);
  const name = nameOf(key);
  const mark = `${name}$`;
  const version = options.version ?? 1;
  const fallback = options.fallback ?? null;
  // No value and no mark: the first value written gets this version's mark with it.
  let markWithValue = false;
  const migrate = async () => {
    const { [name]: value, [mark]: meta } = (await area().get([name, mark])) as Record<string, { v?: number } | undefined>;
    markWithValue = value == null && meta?.v == null;
    const from = meta?.v ?? 1;
    if (value == null || from === version) return;
    if (from > version) throw new Error(`Version downgrade detected (v${from} -> v${version}) for "${key}"`);
    let migrated: unknown = value;
    for (let next = from + 1; next <= version; next++) migrated = (await options.migrations?.[next]?.(migrated)) ?? migrated;
    await area().set({ [name]: migrated, [mark]: { ...meta, v: version } });
  };
  const migrated = options.migrations ? migrate().catch((error: unknown) => console.error(`Migration failed for ${key}`, error)) : Promise.resolve();
  return {
    key,
    fallback,
    defaultValue: fallback,
    async getValue(): Promise<T> {
      await migrated;
      return ((await area().get(name))[name] ?? fallback) as T;
    },
    async setValue(value: T | null): Promise<void> {
      await migrated;
      // The mark goes with the first write, even of null (a removal), as the library writes it.
      const marked = markWithValue ? { [mark]: { v: version } } : undefined;
      markWithValue = false;
      if (value != null) return area().set({ ...marked, [name]: value });
      await area().remove(name);
      if (marked) await area().set(marked);
    },
    async removeValue(): Promise<void> {
      await migrated;
      await area().remove(name);
    },
    watch: (callback: (value: T, old: T) => void) => watch<T>(key, (value, old) => callback((value ?? fallback) as T, (old ?? fallback) as T)),
    /** Runs the migrations again on what is stored now (tests: a page opened later). */
    migrate,
  };
}

export const storage = {
  defineItem,
  watch,
  async getItem<T>(key: Key): Promise<T | null> {
    return ((await storageOf(key).get(nameOf(key)))[nameOf(key)] ?? null) as T | null;
  },
  async getItems(keys: Key[]): Promise<{ key: Key; value: unknown }[]> {
    const found = new Map<Key, unknown>();
    await perArea(keys, async (area, inArea) => {
      const values = await area.get(inArea.map(nameOf));
      for (const key of inArea) found.set(key, values[nameOf(key)]);
    });
    return keys.map((key) => ({ key, value: found.get(key) ?? null }));
  },
  async setItems(entries: Entry[]): Promise<void> {
    const values = new Map(entries.map((entry) => ['key' in entry ? entry.key : entry.item.key, entry.value]));
    await perArea([...values.keys()], (area, inArea) => area.set(Object.fromEntries(inArea.map((key) => [nameOf(key), values.get(key)]))));
  },
  async removeItems(removals: Removal[]): Promise<void> {
    const keys = removals.flatMap((removal) => {
      const key = 'key' in removal ? removal.key : removal.item.key;
      return 'options' in removal && removal.options?.removeMeta ? [key, `${key}$` as Key] : [key];
    });
    await perArea(keys, (area, inArea) => area.remove(inArea.map(nameOf)));
  },
};
