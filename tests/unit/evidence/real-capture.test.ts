import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PAGE_SNAPSHOT_SCRIPT, realCaptureBrowser } from '@/utils/evidence/capture';

// The browser calls capture makes, against WXT's fake browser.

const realNavigator = Object.getOwnPropertyDescriptors(globalThis.navigator);

function setNavigator(values: { userAgent?: string; language?: string; userAgentData?: unknown }): void {
  for (const [key, value] of Object.entries(values)) Object.defineProperty(globalThis.navigator, key, { value, configurable: true });
}

beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  for (const key of ['userAgent', 'language', 'userAgentData']) {
    const original = realNavigator[key];
    if (original) Object.defineProperty(globalThis.navigator, key, original);
    else delete (globalThis.navigator as unknown as Record<string, unknown>)[key];
  }
  delete (fakeBrowser.runtime as unknown as Record<string, unknown>).getBrowserInfo;
});

describe('the real capture calls', () => {
  it('capture the visible tab of the window as PNG', async () => {
    const capture = vi.fn(async () => 'data:image/png;base64,AAAA');
    Object.assign(fakeBrowser.tabs, { captureVisibleTab: capture });
    expect(await realCaptureBrowser.captureVisibleTab(3)).toBe('data:image/png;base64,AAAA');
    expect(capture).toHaveBeenCalledWith(3, { format: 'png' });
  });

  it('read the tab’s address as it is now', async () => {
    const tab = await fakeBrowser.tabs.create({ url: 'https://phish.example/login' });
    expect(await realCaptureBrowser.tabUrl(tab.id!)).toBe('https://phish.example/login');
  });

  it('run the page snapshot script in the tab, and refuse an empty answer', async () => {
    const executeScript = vi
      .fn()
      .mockResolvedValueOnce([{ result: { url: 'https://phish.example/' } }])
      .mockResolvedValueOnce([])
      .mockResolvedValueOnce([{ result: null }]);
    Object.assign(fakeBrowser, { scripting: { executeScript } });
    expect(await realCaptureBrowser.snapshotPage(7)).toEqual({ url: 'https://phish.example/' });
    expect(executeScript).toHaveBeenCalledWith({ target: { tabId: 7 }, files: ['/page-snapshot.js'] });
    expect(PAGE_SNAPSHOT_SCRIPT).toBe('/page-snapshot.js');
    await expect(realCaptureBrowser.snapshotPage(7)).rejects.toThrow('The page gave no snapshot.');
    await expect(realCaptureBrowser.snapshotPage(7)).rejects.toThrow('The page gave no snapshot.');
  });

  it('name the browser as Firefox names itself', async () => {
    Object.assign(fakeBrowser.runtime, { getBrowserInfo: async () => ({ name: 'Firefox', version: '142.0', vendor: 'Mozilla' }) });
    setNavigator({ language: 'nl-NL' });
    expect(await realCaptureBrowser.browserInfo()).toEqual({ name: 'Firefox', version: '142.0', language: 'nl-NL' });
  });

  it.each([
    [
      'Chrome with its brand',
      [
        { brand: 'Not A(Brand', version: '8' },
        { brand: 'Chromium', version: '140' },
        { brand: 'Google Chrome', version: '140' },
      ],
      'Google Chrome',
    ],
    [
      'Edge',
      [
        { brand: 'Chromium', version: '140' },
        { brand: 'Microsoft Edge', version: '140' },
        { brand: 'Not=A?Brand', version: '24' },
      ],
      'Microsoft Edge',
    ],
    [
      'plain Chromium',
      [
        { brand: 'Not_A Brand', version: '99' },
        { brand: 'Chromium', version: '140' },
      ],
      'Chromium',
    ],
    ['no brands', [], 'Chromium'],
  ])('name %s from its brands, with the full version from the user agent', async (_name, brands, expected) => {
    setNavigator({ language: 'en-GB', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.7339.80 Safari/537.36', userAgentData: { brands } });
    expect(await realCaptureBrowser.browserInfo()).toEqual({ name: expected, version: '140.0.7339.80', language: 'en-GB' });
  });

  it('fall back to the brand version without a Chrome user agent', async () => {
    setNavigator({ language: 'en', userAgent: 'Something/1.0', userAgentData: { brands: [{ brand: 'Chromium', version: '141' }] } });
    expect(await realCaptureBrowser.browserInfo()).toEqual({ name: 'Chromium', version: '141', language: 'en' });
    setNavigator({ userAgentData: undefined });
    expect(await realCaptureBrowser.browserInfo()).toEqual({ name: 'Chromium', version: '', language: 'en' });
  });

  it('give the extension version from the manifest', () => {
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ version: '1.2.3' } as never);
    expect(realCaptureBrowser.extensionVersion()).toBe('1.2.3');
  });
});
