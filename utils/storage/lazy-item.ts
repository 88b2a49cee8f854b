import { storage, type StorageItemKey, type WxtStorageItem, type WxtStorageItemOptions } from '@wxt-dev/storage';

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
  return {
    key,
    fallback: options.fallback,
    defaultValue: options.fallback,
    getValue: () => defined().getValue(),
    getMeta: () => defined().getMeta(),
    setValue: (value) => defined().setValue(value),
    setMeta: (properties) => defined().setMeta(properties),
    removeValue: (removeOptions) => defined().removeValue(removeOptions),
    removeMeta: (properties) => defined().removeMeta(properties),
    watch: (callback) => defined().watch(callback),
    watchMeta: (callback) => defined().watchMeta(callback),
    migrate: () => defined().migrate(),
  };
}
