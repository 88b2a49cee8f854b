// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { followTheme, readTheme, themeItem } from '@/utils/settings/theme';
import { applyTheme } from '@/utils/settings/theme-paint';

beforeEach(() => {
  fakeBrowser.reset();
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe('readTheme', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', 'system'],
    ['Dark', 'system'],
    [null, 'system'],
    [undefined, 'system'],
    [1, 'system'],
  ])('%s → %s', (stored, theme) => {
    expect(readTheme(stored)).toBe(theme);
  });
});

describe('applyTheme', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', undefined],
  ] as const)('%s sets data-theme to %s', (theme, attribute) => {
    document.documentElement.dataset.theme = 'dark';
    applyTheme(theme);
    expect(document.documentElement.dataset.theme).toBe(attribute);
  });
});

describe('followTheme', () => {
  it('applies the copy made for the first paint at once, then the stored choice, then every change', async () => {
    localStorage.setItem('takedown-reporter:theme', 'light');
    await themeItem.setValue('dark');
    followTheme();
    // Synchronously, before storage answers: the copy.
    expect(document.documentElement.dataset.theme).toBe('light');
    await expect.poll(() => document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('takedown-reporter:theme')).toBe('dark');

    await themeItem.setValue('system');
    await expect.poll(() => document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem('takedown-reporter:theme')).toBe('system');
  });

  it('with nothing stored follows the system', async () => {
    followTheme();
    await expect.poll(() => localStorage.getItem('takedown-reporter:theme')).toBe('system');
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });
});
