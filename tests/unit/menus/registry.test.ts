import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { menuId, registerMenus, type MenuEntry } from '@/utils/menus/registry';

// WXT's fake browser has no contextMenus: a small stub stands in for it.
type ClickListener = (info: { menuItemId: string | number }, tab?: { id: number }) => void;

function stubContextMenus() {
  const listeners: ClickListener[] = [];
  const calls: string[] = [];
  const contextMenus = {
    create: vi.fn((properties: { id: string }) => void calls.push(`create ${properties.id}`)),
    removeAll: vi.fn(async () => void calls.push('removeAll')),
    onClicked: { addListener: vi.fn((listener: ClickListener) => listeners.push(listener)) },
  };
  Object.assign(fakeBrowser, { contextMenus });
  const click = async (id: string) => {
    for (const listener of listeners) listener({ menuItemId: id }, { id: 7 });
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { contextMenus, calls, click };
}

function entry(name: string, onClick: MenuEntry['onClick'] = vi.fn()): MenuEntry {
  return { id: menuId(name), title: () => `Report ${name}`, contexts: ['page'], onClick };
}

describe('context menu registry', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('namespaces ids', () => {
    expect(menuId('report-page-tkd')).toBe('takedown-reporter:report-page-tkd');
  });

  it('creates the entries on install, after clearing old ones, and not before', async () => {
    const { calls, contextMenus } = stubContextMenus();
    registerMenus([entry('page'), { ...entry('link'), contexts: ['link'], parentId: menuId('page') }]);
    expect(calls).toEqual([]);

    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });

    expect(calls).toEqual(['removeAll', 'create takedown-reporter:page', 'create takedown-reporter:link']);
    expect(contextMenus.create).toHaveBeenNthCalledWith(1, { id: 'takedown-reporter:page', title: 'Report page', contexts: ['page'] });
    expect(contextMenus.create).toHaveBeenNthCalledWith(2, {
      id: 'takedown-reporter:link',
      title: 'Report link',
      contexts: ['link'],
      parentId: 'takedown-reporter:page',
    });
  });

  it('adds one click listener at once, and sends each click to its entry only', async () => {
    const { contextMenus, click } = stubContextMenus();
    const page = entry('page');
    const link = entry('link');
    registerMenus([page, link]);
    expect(contextMenus.onClicked.addListener).toHaveBeenCalledTimes(1);

    await click(menuId('link'));
    await click('another-extension:page');

    expect(link.onClick).toHaveBeenCalledWith({ menuItemId: 'takedown-reporter:link' }, { id: 7 });
    expect(page.onClick).not.toHaveBeenCalled();
  });

  it('hands a failing handler’s error to onError, never unhandled', async () => {
    const { click } = stubContextMenus();
    const failing = entry('page', async () => {
      throw new Error('capture failed');
    });
    const thrower = entry('sync', () => {
      throw new Error('sync failure');
    });
    const onError = vi.fn();
    registerMenus([failing, thrower], onError);

    await click(menuId('page'));
    await click(menuId('sync'));

    expect(onError.mock.calls).toEqual([
      [new Error('capture failed'), failing],
      [new Error('sync failure'), thrower],
    ]);
  });

  it('with no entries touches nothing', async () => {
    const { contextMenus } = stubContextMenus();
    registerMenus([]);
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    expect(contextMenus.onClicked.addListener).not.toHaveBeenCalled();
    expect(contextMenus.removeAll).not.toHaveBeenCalled();
  });
});
