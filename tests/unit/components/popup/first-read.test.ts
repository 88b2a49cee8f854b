import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

// What the popup reads before its first render (issue 43): the shell script
// starts one read, the tab and one storage call, while popup.html is parsed;
// the app takes that same read and asks storage nothing more before it renders.

const PAGE = 'https://secure-acme-login.com/signin';
const CONNECTION = {
  baseUrl: 'https://api.example',
  origin: 'https://api.example',
  keyHint: '••••abcd',
  clients: [],
  clientsSource: 'clients',
  skippedClients: 0,
  verifiedAt: '2026-11-28T10:00:00.000Z',
};

beforeEach(async () => {
  fakeBrowser.reset();
  vi.resetModules();
  vi.restoreAllMocks();
  vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation(async () => [{ id: 7, url: PAGE } as never]);
  await fakeBrowser.storage.local.set({ connection: CONNECTION, settings: { reporterEmail: 'soc@acme.example', defaultAction: 'monitor' }, settings$: { v: 2 } });
});

describe('the popup’s first read', () => {
  it('is one read however often the page asks before the app takes it, and a new one after', async () => {
    const { startFirstRead, takeFirstRead } = await import('@/components/popup/first-read');
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    const shell = startFirstRead();
    expect(startFirstRead()).toBe(shell);
    expect(takeFirstRead()).toBe(shell);
    expect(takeFirstRead()).not.toBe(shell);
    expect([get.mock.calls.length, vi.mocked(fakeBrowser.tabs.query).mock.calls.length]).toEqual([2, 2]);
  });

  it('is all the popup reads before its first render: the shell’s tab query and storage call', async () => {
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    // The shell script, as popup.html is parsed.
    (await import('@/components/popup/first-read')).startFirstRead();
    // The app's module, evaluated later, renders once its reads have settled.
    await (
      await import('@/components/popup/popup-reads')
    ).popupReads;
    expect(get).toHaveBeenCalledTimes(1);
    expect(fakeBrowser.tabs.query).toHaveBeenCalledTimes(1);

    // And the first render has what it shows: the connection, the settings and the tab's draft.
    const { startSavedStatusEarly } = await import('@/components/connection/use-connection-status');
    const { startSettingsEarly } = await import('@/components/shared/use-settings');
    expect(await startSavedStatusEarly()).toMatchObject({ state: 'connected', origin: 'https://api.example' });
    expect(await startSettingsEarly()).toMatchObject({ reporterEmail: 'soc@acme.example', defaultAction: 'monitor' });
    expect(get).toHaveBeenCalledTimes(1);
  });
});
