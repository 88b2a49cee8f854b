import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { Settings } from '@/utils/settings/settings';
import { messageLocale } from '@/utils/i18n/locale';

/** Country codes with their names in the browser's language, loaded after first paint (phone metadata). */
function useCountries(): { code: string; name: string }[] {
  const [countries, setCountries] = useState<{ code: string; name: string }[]>([]);
  useEffect(() => {
    void import('libphonenumber-js').then(({ getCountries }) => {
      const names = new Intl.DisplayNames([messageLocale()], { type: 'region' });
      setCountries(
        getCountries()
          .map((code) => ({ code, name: names.of(code) ?? code }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      );
    });
  }, []);
  return countries;
}

interface PhoneCountryFieldProps {
  draft: Settings;
  change(patch: Partial<Settings>): void;
}

/** The country a phone number without its +code is read in; says so when the browser's region chose it. */
export function PhoneCountryField({ draft, change }: PhoneCountryFieldProps): JSX.Element {
  const countries = useCountries();
  return (
    <div class="field">
      <label for="settings-country">{i18n.t('settings.phone_country')}</label>
      <select
        id="settings-country"
        value={draft.phoneCountry}
        aria-describedby="settings-country-hint"
        onChange={(event) => change({ phoneCountry: event.currentTarget.value, phoneCountryChosen: true })}
      >
        <option value="">{i18n.t('settings.phone_country_none')}</option>
        {countries.map(({ code, name }) => (
          <option key={code} value={code}>
            {name} ({code})
          </option>
        ))}
        {draft.phoneCountry && countries.length === 0 && <option value={draft.phoneCountry}>{draft.phoneCountry}</option>}
      </select>
      <p id="settings-country-hint" class="hint">
        {i18n.t('settings.phone_country_hint')}
        {!draft.phoneCountryChosen && draft.phoneCountry && ` ${i18n.t('settings.phone_country_from_browser')}`}
      </p>
    </div>
  );
}
