import { defineLazyItem } from '../storage/lazy-item';
import { applyPaintedTheme, applyTheme, PAINT_COPY, readTheme, type Theme } from './theme-paint';

export { readTheme, THEMES, type Theme } from './theme-paint';

/** The user's choice, for every page of the extension. */
export const themeItem = defineLazyItem<Theme>('local:theme', { fallback: 'system' });

/** In a page, before it renders: applies the choice at once, then follows it as it changes. */
export function followTheme(): void {
  applyPaintedTheme();
  const apply = (value: unknown) => {
    const theme = readTheme(value);
    applyTheme(theme);
    localStorage.setItem(PAINT_COPY, theme);
  };
  void themeItem.getValue().then(apply);
  themeItem.watch(apply);
}
