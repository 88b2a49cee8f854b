import { storage } from '@wxt-dev/storage';
import { applyPolicy, readManagedView, watchManagedView } from './managed';
import { browserLanguage, withBrowserCountry } from './phone-country';
import { keepUnknownFields, normaliseSettings, type Settings } from './settings-values';

export { DEFAULT_SETTINGS, KEEP_DAYS_RANGE, OWN_DOMAINS_MAX, REFRESH_MINUTES_RANGE, normaliseSettings, readOwnDomains, type EvidenceDefaults, type Settings } from './settings-values';

/**
 * Version 2 adds `phoneCountryChosen`: a country saved before was chosen; the
 * old default, none, was not, so the browser's region now gives it.
 */
export function upgradeSettingsToV2(old: Partial<Settings> | null): Partial<Settings> | null {
  if (typeof old !== 'object' || old === null) return old;
  return { ...old, phoneCountryChosen: typeof old.phoneCountry === 'string' && old.phoneCountry !== '' };
}

/**
 * The settings item; read through `readSettings`, which repairs what it cannot
 * use. Stored by a newer version (a higher mark), it is read as it is: each
 * field this version knows is used, the others kept (`saveSettings`).
 */
export const settingsItem = storage.defineItem<Partial<Settings> | null>('local:settings', {
  fallback: null,
  version: 2,
  migrations: { 2: upgradeSettingsToV2 },
});

/** The current settings: the organisation's policy over the user's, with defaults for anything unset or unusable. */
export async function readSettings(): Promise<Settings> {
  const [stored, policy] = await Promise.all([settingsItem.getValue(), readManagedView()]);
  return applyPolicy(withBrowserCountry(normaliseSettings(stored), browserLanguage()), policy);
}

/**
 * Saves the settings (already checked by the form), keeping the stored fields
 * this version does not know: a newer version's, after going back a version.
 */
export async function saveSettings(settings: Settings): Promise<void> {
  await settingsItem.setValue(keepUnknownFields(await settingsItem.getValue(), normaliseSettings(settings)));
}

/** Calls back whenever the settings change, in any extension context, or the organisation's policy does. */
export function watchSettings(callback: (settings: Settings) => void): () => void {
  const changed = () => void readSettings().then(callback);
  const unwatchStored = settingsItem.watch(changed);
  const unwatchPolicy = watchManagedView(changed);
  return () => {
    unwatchStored();
    unwatchPolicy();
  };
}
