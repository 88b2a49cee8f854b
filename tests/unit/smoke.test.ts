import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { browser } from 'wxt/browser';

describe('fake browser', () => {
  it('backs wxt/browser storage', async () => {
    await browser.storage.local.set({ a: 1 });
    expect(await fakeBrowser.storage.local.get('a')).toEqual({ a: 1 });
  });
});
