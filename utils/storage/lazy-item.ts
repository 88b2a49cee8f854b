import { storage, type StorageItemKey, type WxtStorageItem, type WxtStorageItemOptions } from '@wxt-dev/storage';

/** The methods of a storage item, each handed on to the item defined at its first call. */
const LAZY_METHODS = ['getValue', 'getMeta', 'setValue', 'setMeta', 'removeValue', 'removeMeta', 'watchMeta', 'migrate'] as const;

/**
 * `storage.defineItem`, called on the item's first use. An item defined at a
 * module's top level reads storage as the module is evaluated: its migration
 * check, and its value, which @wxt-dev/storage reads for an `init` even when
 * the item has none. Every page paid those reads for every item its modules
 * define, before its first render (issue 43: the popup, seven storage calls
 * for five items, none of which its first render reads).
 */
export function defineLazyItem<T>(key: StorageItemKey, options: WxtStorageItemOptions<T> & { fallback: T }): WxtStorageItem<T, {}> {
  let item: WxtStorageItem<T, {}> | undefined;
  const defined = () => (item ??= storage.defineItem<T>(key, options));
  const lazy: Record<string, unknown> = { key, fallback: options.fallback, defaultValue: options.fallback };
  // Each method defines the item on its first call and hands the call on (a loop: the worker's bundle has no room for nine wrappers).
  for (const method of LAZY_METHODS) lazy[method] = (...args: unknown[]) => (defined()[method] as (...args: unknown[]) => unknown)(...args);
  // Watching reads nothing, so it defines nothing: the worker watches three items as it starts, and their
  // definitions' reads queued before its first answer's (issue 43). The same values as the item's own `watch`.
  lazy.watch = (callback: (value: T, old: T) => void) => storage.watch<T>(key, (value, old) => callback(value ?? options.fallback, old ?? options.fallback));
  return lazy as unknown as WxtStorageItem<T, {}>;
}
