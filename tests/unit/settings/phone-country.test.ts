import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { countryOfLanguage, withBrowserCountry } from '@/utils/settings/phone-country';
import { DEFAULT_SETTINGS, readSettings, saveSettings, settingsItem, upgradeSettingsToV2 } from '@/utils/settings/settings';

describe('countryOfLanguage', () => {
  it.each([
    ['en-GB', 'GB'],
    ['de-DE', 'DE'],
    ['de-CH', 'CH'],
    ['en-US', 'US'],
    ['zh-Hans-CN', 'CN'],
    ['es', ''],
    ['de', ''],
    ['es-419', ''],
    ['', ''],
    ['not a tag', ''],
  ])('%j → %j', (tag, country) => {
    expect(countryOfLanguage(tag)).toBe(country);
  });
});

describe('withBrowserCountry', () => {
  it.each([
    ['not chosen, en-GB', { phoneCountry: '', phoneCountryChosen: false }, 'en-GB', 'GB'],
    ['not chosen, a language without region', { phoneCountry: '', phoneCountryChosen: false }, 'es', ''],
    ['chosen none', { phoneCountry: '', phoneCountryChosen: true }, 'en-GB', ''],
    ['chosen NL', { phoneCountry: 'NL', phoneCountryChosen: true }, 'en-GB', 'NL'],
  ])('%s: the phone country is %j', (_case, stored, language, country) => {
    expect(withBrowserCountry({ ...DEFAULT_SETTINGS, ...stored }, language).phoneCountry).toBe(country);
  });
});

describe('the phone country as read', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.stubGlobal('navigator', { language: 'en-GB' });
    return () => vi.unstubAllGlobals();
  });

  it('is the browser region when nothing is stored', async () => {
    expect((await readSettings()).phoneCountry).toBe('GB');
  });

  it('stays the browser region when other settings are saved', async () => {
    await saveSettings({ ...(await readSettings()), reporterEmail: 'soc@acme.example' });
    vi.stubGlobal('navigator', { language: 'de-DE' });
    expect(await readSettings()).toMatchObject({ reporterEmail: 'soc@acme.example', phoneCountry: 'DE', phoneCountryChosen: false });
  });

  it('is what the user chose, none included', async () => {
    await saveSettings({ ...(await readSettings()), phoneCountry: '', phoneCountryChosen: true });
    expect((await readSettings()).phoneCountry).toBe('');
  });
});

describe('settings migration to version 2', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.stubGlobal('navigator', { language: 'en-GB' });
    return () => vi.unstubAllGlobals();
  });

  it.each([
    ['a country saved in version 1 was chosen', { phoneCountry: 'NL', reporterEmail: 'a@b.example' }, { phoneCountry: 'NL', reporterEmail: 'a@b.example', phoneCountryChosen: true }],
    ['none saved in version 1 was the default, not a choice', { phoneCountry: '' }, { phoneCountry: '', phoneCountryChosen: false }],
    ['no country saved', { refreshMinutes: 30 }, { refreshMinutes: 30, phoneCountryChosen: false }],
  ])('%s', (_case, old, upgraded) => {
    expect(upgradeSettingsToV2(old)).toEqual(upgraded);
  });

  it('reads a stored version 1 item with the browser region in place of none', async () => {
    await fakeBrowser.storage.local.set({ settings: { phoneCountry: '', reporterEmail: 'soc@acme.example' }, settings$: { v: 1 } });
    expect(await readSettings()).toMatchObject({ phoneCountry: 'GB', phoneCountryChosen: false, reporterEmail: 'soc@acme.example' });
    await fakeBrowser.storage.local.set({ settings: { phoneCountry: 'NL' }, settings$: { v: 1 } });
    await settingsItem.migrate();
    expect(await readSettings()).toMatchObject({ phoneCountry: 'NL', phoneCountryChosen: true });
  });
});
