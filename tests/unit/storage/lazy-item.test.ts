import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defineLazyItem } from '@/utils/storage/lazy-item';

// A stored item made on its first use (issue 43, cold start): defining it
// reads nothing, which @wxt-dev/storage's own items do at once.

beforeEach(() => fakeBrowser.reset());

describe('a lazily made storage item', () => {
  it('reads nothing from storage when defined, nor when watched', () => {
    const read = vi.spyOn(fakeBrowser.storage.local, 'get');
    const item = defineLazyItem<string | null>('local:lazyKey', { fallback: null, version: 1 });
    item.watch(() => undefined);
    expect(read).not.toHaveBeenCalled();
  });

  it('reads and writes as the item it stands for, with its fallback', async () => {
    const item = defineLazyItem<{ n: number }>('local:lazyCount', { fallback: { n: 0 }, version: 1 });
    expect(item.fallback).toEqual({ n: 0 });
    expect(await item.getValue()).toEqual({ n: 0 });
    await item.setValue({ n: 2 });
    expect(await fakeBrowser.storage.local.get('lazyCount')).toEqual({ lazyCount: { n: 2 } });
    expect(await item.getValue()).toEqual({ n: 2 });
    await item.removeValue();
    expect(await item.getValue()).toEqual({ n: 0 });
  });

  it('calls a watcher back with each change, the fallback for a removed value', async () => {
    const item = defineLazyItem<string>('local:lazyName', { fallback: 'none', version: 1 });
    const seen: [string, string][] = [];
    item.watch((value, old) => seen.push([value, old]));
    await fakeBrowser.storage.local.set({ lazyName: 'a' });
    await fakeBrowser.storage.local.remove('lazyName');
    expect(seen).toEqual([
      ['a', 'none'],
      ['none', 'a'],
    ]);
  });

  it('migrates a value stored in an older version on its first use', async () => {
    await fakeBrowser.storage.local.set({ lazyShape: { name: 'x' }, lazyShape$: { v: 1 } });
    const item = defineLazyItem<{ name: string; size?: number } | null>('local:lazyShape', {
      fallback: null,
      version: 2,
      migrations: { 2: (old: { name: string }) => ({ ...old, size: 0 }) },
    });
    expect(await item.getValue()).toEqual({ name: 'x', size: 0 });
    expect(await fakeBrowser.storage.local.get('lazyShape$')).toEqual({ lazyShape$: { v: 2 } });
  });
});
