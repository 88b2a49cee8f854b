import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handleInstalled } from '@/utils/background/first-run';

describe('runtime.onInstalled', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it.each([
    ['install', ['chrome-extension://test-extension-id/options.html#connection']],
    ['update', []],
    ['chrome_update', []],
    ['shared_module_update', []],
  ] as const)('%s opens %j', async (reason, opened) => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never);
    vi.spyOn(fakeBrowser.runtime, 'getURL').mockImplementation((path: string) => `chrome-extension://test-extension-id${path}`);
    await handleInstalled({ reason });
    expect(create.mock.calls.map(([properties]) => properties.url)).toEqual(opened);
  });
});
