import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { hasHostPermission, requestHostPermission } from '@/utils/connection/host-permission';

// The fake browser does not implement permissions; stand in for the browser's answer.
describe('host permission', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('asks for exactly the one origin pattern', async () => {
    const request = vi.fn(async () => true);
    fakeBrowser.permissions.request = request;
    expect(await requestHostPermission('https://api.example.com/*')).toBe(true);
    expect(request).toHaveBeenCalledWith({ origins: ['https://api.example.com/*'] });
  });

  it('treats a declined prompt and a refused call as "not granted"', async () => {
    fakeBrowser.permissions.request = vi.fn(async () => false);
    expect(await requestHostPermission('https://api.example.com/*')).toBe(false);
    fakeBrowser.permissions.request = vi.fn(async () => {
      throw new Error('This function must be called during a user gesture');
    });
    expect(await requestHostPermission('https://api.example.com/*')).toBe(false);
  });

  it('checks the pattern with permissions.contains', async () => {
    const contains = vi.fn(async () => false);
    fakeBrowser.permissions.contains = contains;
    expect(await hasHostPermission('http://127.0.0.1/*')).toBe(false);
    expect(contains).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
  });
});
