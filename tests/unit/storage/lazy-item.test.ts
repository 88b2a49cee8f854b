import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { defineLazyItem } from '@/utils/storage/lazy-item';

// An item defined at a module's top level reads storage only once it is used
// (issue 43: every page read each item its modules define as it loaded).

describe('defineLazyItem', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('reads nothing when defined, and tells its key and fallback without a read', () => {
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const item = defineLazyItem<string[]>('local:watched', { fallback: [], version: 2, migrations: { 2: (old: string) => [old] } });
    expect([item.key, item.fallback]).toEqual(['local:watched', []]);
    expect(get).not.toHaveBeenCalled();
  });

  it('reads nothing when watched, and tells each change with the fallback for a removed value', async () => {
    await fakeBrowser.storage.local.set({ watched: ['inc_1'] });
    const item = defineLazyItem<string[]>('local:watched', { fallback: [], version: 2, migrations: { 2: (old: string) => [old] } });
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const seen: [string[], string[]][] = [];
    const unwatch = item.watch((value, old) => seen.push([value, old]));
    expect(get).not.toHaveBeenCalled();
    await fakeBrowser.storage.local.set({ watched: ['inc_2'] });
    await fakeBrowser.storage.local.remove('watched');
    unwatch();
    await fakeBrowser.storage.local.set({ watched: ['inc_3'] });
    expect(seen).toEqual([
      [['inc_2'], ['inc_1']],
      [[], ['inc_2']],
    ]);
    expect(get).not.toHaveBeenCalled();
  });

  it('migrates what is stored on its first use, then answers as an item defined at once does', async () => {
    await fakeBrowser.storage.local.set({ watched: 'inc_1', watched$: { v: 1 } });
    const item = defineLazyItem<string[]>('local:watched', { fallback: [], version: 2, migrations: { 2: (old: string) => [old] } });
    expect(await item.getValue()).toEqual(['inc_1']);
    expect(await fakeBrowser.storage.local.get(['watched', 'watched$'])).toEqual({ watched: ['inc_1'], watched$: { v: 2 } });
    const seen: string[][] = [];
    const unwatch = item.watch((value) => seen.push(value));
    await item.setValue(['inc_2']);
    await item.removeValue();
    unwatch();
    expect(seen).toEqual([['inc_2'], []]);
  });
});
