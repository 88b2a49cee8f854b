import { browser } from 'wxt/browser';
import type { Settings } from './settings-values';

// The phone country a user has not chosen follows the browser's region, so a
// local number (020 7946 0100 in the UK) reads without a + (issue 44, point 8).

/** The ISO 3166 country of a language tag's region ('en-GB' → 'GB'); '' when it names none ('es', 'es-419'). */
export function countryOfLanguage(tag: string): string {
  try {
    const { region } = new Intl.Locale(tag);
    return region && /^[A-Z]{2}$/.test(region) ? region : '';
  } catch {
    return '';
  }
}

/** The settings with the browser's country as phone country when the user has not chosen one. */
export function withBrowserCountry(settings: Settings, language: string): Settings {
  return settings.phoneCountryChosen ? settings : { ...settings, phoneCountry: countryOfLanguage(language) };
}

/**
 * The browser's preferred language (its region, when it has one, gives the
 * phone country); its UI language where `navigator` says none.
 */
export function browserLanguage(): string {
  const preferred = globalThis.navigator?.language;
  if (preferred) return preferred;
  try {
    return browser.i18n.getUILanguage();
  } catch {
    return '';
  }
}
