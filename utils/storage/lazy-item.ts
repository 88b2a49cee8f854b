import { storage, type StorageItemKey, type WatchCallback, type WxtStorageItem, type WxtStorageItemOptions } from '@wxt-dev/storage';

// @wxt-dev/storage's defineItem reads its item from storage at once (its
// migration check, then its `init` check, even with neither), so every item a
// module defines is a storage read when the module loads: seven at each start
// of the service worker, queued before the read its first answer waits for
// (issue 43, cold start). An item defined here is the same item, made on its
// first use; watching it reads nothing.

/** The item's methods that make it (watch reads nothing: it only listens). */
const MADE_ON_CALL = ['getValue', 'getMeta', 'setValue', 'setMeta', 'removeValue', 'removeMeta', 'watchMeta', 'migrate'] as const;

/** `storage.defineItem` with a fallback, made on first use: loading a module that defines it reads nothing. */
export function defineLazyItem<T>(key: StorageItemKey, options: WxtStorageItemOptions<T> & { fallback: T }): WxtStorageItem<T, {}> {
  let made: WxtStorageItem<T, {}> | undefined;
  const item = () => (made ??= storage.defineItem<T>(key, options));
  const { fallback } = options;
  const watch = (callback: WatchCallback<T>) => storage.watch<T>(key, (value, old) => callback(value ?? fallback, old ?? fallback));
  // No `defaultValue`: deprecated for `fallback`, and read nowhere.
  const lazy: Record<string, unknown> = { key, fallback, watch };
  // Every other method is the item's, made on that call.
  for (const name of MADE_ON_CALL) lazy[name] = (...args: never[]) => (item()[name] as (...given: never[]) => unknown)(...args);
  return lazy as unknown as WxtStorageItem<T, {}>;
}
