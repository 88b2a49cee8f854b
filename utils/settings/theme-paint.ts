// The theme as a page applies it before its first paint, from the copy in
// the pages' localStorage: no storage library, so the popup's shell script
// (entrypoints/popup-shell.ts) carries it too. theme.ts keeps the choice.

/** The colour scheme the pages use: the system's, or one the user chose. */
export type Theme = 'system' | 'light' | 'dark';

export const THEMES: readonly Theme[] = ['system', 'light', 'dark'];

/**
 * The same choice in the pages' localStorage, which a page reads before its
 * first paint (storage.local answers only after it): no flash of the other
 * scheme when the choice is not the system's.
 */
export const PAINT_COPY = 'takedown-reporter:theme';

/** A stored value as a theme; anything else is the system's. */
export function readTheme(value: unknown): Theme {
  return THEMES.includes(value as Theme) ? (value as Theme) : 'system';
}

/** Sets the page's scheme: base.css reads `data-theme` (none: the system's). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

/** Applies the choice the pages last saw, at once. */
export function applyPaintedTheme(): void {
  applyTheme(readTheme(localStorage.getItem(PAINT_COPY)));
}
