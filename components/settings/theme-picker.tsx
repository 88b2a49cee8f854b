import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { readTheme, THEMES, themeItem, type Theme } from '@/utils/settings/theme';

const LABELS: Record<Theme, () => string> = {
  system: () => i18n.t('appearance.system'),
  light: () => i18n.t('appearance.light'),
  dark: () => i18n.t('appearance.dark'),
};

/** Light, dark or the system's: applies at once to every open page of the extension. */
export function ThemePicker(): JSX.Element {
  const [theme, setTheme] = useState<Theme | null>(null);
  useEffect(() => {
    void themeItem.getValue().then((value) => setTheme(readTheme(value)));
    return themeItem.watch((value) => setTheme(readTheme(value)));
  }, []);

  return (
    <fieldset class="choice">
      <legend>{i18n.t('appearance.legend')}</legend>
      {THEMES.map((option) => (
        <label key={option}>
          <input type="radio" name="theme" value={option} checked={theme === option} disabled={theme === null} onChange={() => void themeItem.setValue(option)} /> {LABELS[option]()}
        </label>
      ))}
    </fieldset>
  );
}
