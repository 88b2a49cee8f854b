import { storage } from '@wxt-dev/storage';

/** The colour scheme the pages use: the system's, or one the user chose. */
export type Theme = 'system' | 'light' | 'dark';

export const THEMES: readonly Theme[] = ['system', 'light', 'dark'];

/** The user's choice, for every page of the extension. */
export const themeItem = storage.defineItem<Theme>('local:theme', { fallback: 'system' });

/**
 * The same choice in the pages' localStorage, which a page reads before its
 * first paint (storage.local answers only after it): no flash of the other
 * scheme when the choice is not the system's.
 */
const PAINT_COPY = 'takedown-reporter:theme';

/** A stored value as a theme; anything else is the system's. */
export function readTheme(value: unknown): Theme {
  return THEMES.includes(value as Theme) ? (value as Theme) : 'system';
}

/** Sets the page's scheme: base.css reads `data-theme` (none: the system's). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

/** In a page, before it renders: applies the choice at once, then follows it as it changes. */
export function followTheme(): void {
  applyTheme(readTheme(localStorage.getItem(PAINT_COPY)));
  const apply = (value: unknown) => {
    const theme = readTheme(value);
    applyTheme(theme);
    localStorage.setItem(PAINT_COPY, theme);
  };
  void themeItem.getValue().then(apply);
  themeItem.watch(apply);
}
