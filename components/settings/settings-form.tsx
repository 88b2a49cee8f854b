import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { SavedConnection } from '@/utils/storage/connection-types';
import { KEEP_DAYS_RANGE, OWN_DOMAINS_MAX, readOwnDomains, REFRESH_MINUTES_RANGE, saveSettings, type Settings } from '@/utils/settings/settings';
import { ClientPicker } from '../shared/client-picker';
import { checkEmail } from '@/utils/drafts/draft-edit';
import { NumberField, wholeNumberIn } from '../ui/number-field';
import { TextField } from '../ui/text-field';
import { NotifyStatusPicker } from './notify-status-picker';
import { Locked } from './locked';
import { SelectionEvidenceToggle } from './selection-evidence-toggle';
import type { ManagedView } from '@/utils/settings/managed';
import { messageLocale } from '@/utils/i18n/locale';

interface SettingsFormProps {
  settings: Settings;
  connection: SavedConnection | null;
  /** What the organisation's policy sets: those controls are locked. */
  managed: ManagedView;
}

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

/** The reporting settings: reporter, default action and client, evidence defaults, phone country, confirmation, evidence lifetime. */
export function SettingsForm({ settings, connection, managed }: SettingsFormProps): JSX.Element {
  const locked = (key: string) => key in managed.settings || key in managed.evidence;
  const [draft, setDraft] = useState(settings);
  const [keepDays, setKeepDays] = useState(String(settings.keepSentEvidenceDays));
  const [refreshMinutes, setRefreshMinutes] = useState(String(settings.refreshMinutes));
  const [ownDomains, setOwnDomains] = useState(settings.ownDomains.join('\n'));
  const [saved, setSaved] = useState(false);
  const [touched, setTouched] = useState(false);
  // A ref, not state: the effect below runs after the render that scheduled it, and a change the user
  // made in between (a settings read landing as they pick a client) must be seen by it, not overwritten.
  const edited = useRef(false);
  const setEdited = (value: boolean) => {
    edited.current = value;
  };
  const countries = useCountries();
  const change = (patch: Partial<Settings>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    setSaved(false);
    setEdited(true);
  };
  // Settings changed elsewhere (an import, a policy the organisation pushed, this form's own save) show,
  // unless the user is in the middle of editing them.
  useEffect(() => {
    if (edited.current) return;
    setDraft(settings);
    setKeepDays(String(settings.keepSentEvidenceDays));
    setRefreshMinutes(String(settings.refreshMinutes));
    setOwnDomains(settings.ownDomains.join('\n'));
  }, [settings]);

  const emailError = touched && !checkEmail(draft.reporterEmail) ? i18n.t('report.form.reporter_invalid') : null;
  const days = wholeNumberIn(keepDays, KEEP_DAYS_RANGE);
  const daysError = touched && days === null ? i18n.t('settings.keep_days_invalid', [String(KEEP_DAYS_RANGE.min), String(KEEP_DAYS_RANGE.max)]) : null;
  const minutes = wholeNumberIn(refreshMinutes, REFRESH_MINUTES_RANGE);
  const minutesError = touched && minutes === null ? i18n.t('status_refresh.refresh_minutes_invalid', [String(REFRESH_MINUTES_RANGE.min), String(REFRESH_MINUTES_RANGE.max)]) : null;

  const domains = readOwnDomains(ownDomains);
  const domainsError = !touched
    ? null
    : domains.invalid.length > 0
      ? i18n.t('settings.own_domains_invalid', [domains.invalid.map((line) => `“${line}”`).join(', ')])
      : domains.domains.length > OWN_DOMAINS_MAX
        ? i18n.t('settings.own_domains_too_many', [String(OWN_DOMAINS_MAX)])
        : null;

  async function save(): Promise<void> {
    setTouched(true);
    if (!checkEmail(draft.reporterEmail) || days === null || minutes === null || domains.invalid.length > 0 || domains.domains.length > OWN_DOMAINS_MAX) return;
    await saveSettings({ ...draft, reporterEmail: draft.reporterEmail.trim(), keepSentEvidenceDays: days, refreshMinutes: minutes, ownDomains: domains.domains });
    setOwnDomains(domains.domains.join('\n'));
    setSaved(true);
    setEdited(false);
  }

  const checkbox = (id: string, label: string, checked: boolean, onChange: (value: boolean) => void) => (
    <div class="toggle">
      <input type="checkbox" id={id} checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      <label for={id}>{label}</label>
    </div>
  );

  return (
    <form
      class="settings-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Locked when={locked('reporterEmail')}>
        <TextField
          id="settings-reporter"
          label={i18n.t('report.form.reporter')}
          value={draft.reporterEmail}
          onInput={(reporterEmail) => change({ reporterEmail })}
          hint={i18n.t('report.form.reporter_hint')}
          error={emailError}
          autoComplete="email"
        />
      </Locked>
      <Locked when={locked('defaultAction')}>
        <fieldset class="choice" aria-describedby="settings-action-hint">
          <legend>{i18n.t('settings.default_action')}</legend>
          {(['tkd', 'monitor'] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="settings-action" checked={draft.defaultAction === value} onChange={() => change({ defaultAction: value })} /> {i18n.t(`report.action.${value}`)}
            </label>
          ))}
          <p id="settings-action-hint" class="hint">
            {i18n.t('settings.default_action_hint')}
          </p>
        </fieldset>
      </Locked>
      {connection && (
        <Locked when={locked('defaultClientId')}>
          <ClientPicker id="settings-client" clients={connection.clients} value={draft.defaultClientId} onChange={(defaultClientId) => change({ defaultClientId })} />
        </Locked>
      )}
      <fieldset class="choice">
        <legend>{i18n.t('settings.evidence')}</legend>
        <Locked when={locked('screenshot')}>
          {checkbox('settings-screenshot', i18n.t('report.evidence.screenshot'), draft.evidence.screenshot, (screenshot) => change({ evidence: { ...draft.evidence, screenshot } }))}
        </Locked>
        <Locked when={locked('pageSource')}>
          {checkbox('settings-source', i18n.t('report.evidence.page_source'), draft.evidence.pageSource, (pageSource) => change({ evidence: { ...draft.evidence, pageSource } }))}
        </Locked>
        <Locked when={locked('pageDetails')}>
          {checkbox('settings-details', i18n.t('report.evidence.page_details'), draft.evidence.pageDetails, (pageDetails) => change({ evidence: { ...draft.evidence, pageDetails } }))}
        </Locked>
        <Locked when={locked('selectionPageEvidence')}>
          <SelectionEvidenceToggle checked={draft.selectionPageEvidence} onChange={(selectionPageEvidence) => change({ selectionPageEvidence })} />
        </Locked>
      </fieldset>
      <Locked when={locked('phoneCountry')}>
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
      </Locked>
      <Locked when={locked('ownDomains')}>
        <div class="field">
          <label for="settings-own-domains">{i18n.t('settings.own_domains')}</label>
          <textarea
            id="settings-own-domains"
            rows={3}
            value={ownDomains}
            spellcheck={false}
            aria-invalid={domainsError ? true : undefined}
            aria-describedby={domainsError ? 'settings-own-domains-hint settings-own-domains-error' : 'settings-own-domains-hint'}
            onInput={(event) => {
              setOwnDomains(event.currentTarget.value);
              setSaved(false);
              setEdited(true);
            }}
          />
          <p id="settings-own-domains-hint" class="hint">
            {i18n.t('settings.own_domains_hint')}
          </p>
          {domainsError && (
            <p id="settings-own-domains-error" class="field-error" role="alert">
              {domainsError}
            </p>
          )}
        </div>
      </Locked>
      <Locked when={locked('confirmBeforeSend')}>
        {checkbox('settings-confirm', i18n.t('settings.confirm_before_send'), draft.confirmBeforeSend, (confirmBeforeSend) => change({ confirmBeforeSend }))}
      </Locked>
      <Locked when={locked('keepSentEvidenceDays')}>
        <NumberField
          id="settings-keep-days"
          label={i18n.t('settings.keep_days')}
          value={keepDays}
          onInput={(value) => {
            setKeepDays(value);
            setSaved(false);
            setEdited(true);
          }}
          range={KEEP_DAYS_RANGE}
          hint={i18n.t('settings.keep_days_hint')}
          error={daysError}
        />
      </Locked>
      <fieldset class="choice">
        <legend>{i18n.t('status_refresh.settings_heading')}</legend>
        <Locked when={locked('refreshMinutes')}>
          <NumberField
            id="settings-refresh-minutes"
            label={i18n.t('status_refresh.refresh_minutes')}
            value={refreshMinutes}
            onInput={(value) => {
              setRefreshMinutes(value);
              setSaved(false);
              setEdited(true);
            }}
            range={REFRESH_MINUTES_RANGE}
            hint={i18n.t('status_refresh.refresh_minutes_hint', [String(REFRESH_MINUTES_RANGE.min), String(REFRESH_MINUTES_RANGE.max)])}
            error={minutesError}
          />
        </Locked>
        <Locked when={locked('notifyStatuses')}>
          <NotifyStatusPicker chosen={draft.notifyStatuses} onChange={(notifyStatuses) => change({ notifyStatuses })} />
        </Locked>
      </fieldset>
      <button type="submit" class="primary">
        {i18n.t('settings.save')}
      </button>
      {saved && (
        <p class="status status-ok" role="status">
          {i18n.t('settings.saved')}
        </p>
      )}
    </form>
  );
}
