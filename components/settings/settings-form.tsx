import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { SavedConnection } from '@/utils/storage/connection-types';
import { KEEP_DAYS_RANGE, type Settings } from '@/utils/settings/settings';
import { NumberField } from '../ui/number-field';
import { EvidenceDefaultsFieldset } from './evidence-defaults-fieldset';
import { Locked } from './locked';
import { NavigationSetting } from './navigation-setting';
import { OwnDomainsField } from './own-domains-field';
import { PhoneCountryField } from './phone-country-field';
import { ReportDefaultsFields } from './report-defaults-fields';
import { SettingsCheckbox } from './settings-checkbox';
import { StatusRefreshFieldset } from './status-refresh-fieldset';
import { useSettingsDraft } from './use-settings-draft';
import type { ManagedView } from '@/utils/settings/managed';

interface SettingsFormProps {
  settings: Settings;
  connection: SavedConnection | null;
  /** What the organisation's policy sets: those controls are locked. */
  managed: ManagedView;
}

/** The reporting settings: reporter, default action and client, evidence defaults, phone country, confirmation, evidence lifetime. */
export function SettingsForm({ settings, connection, managed }: SettingsFormProps): JSX.Element {
  const locked = (key: string) => key in managed.settings || key in managed.evidence;
  const form = useSettingsDraft(settings);
  const { draft, change } = form;
  return (
    <form
      class="settings-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.save();
      }}
    >
      <ReportDefaultsFields form={form} connection={connection} locked={locked} />
      <EvidenceDefaultsFieldset draft={draft} locked={locked} change={change} />
      <NavigationSetting checked={draft.recordNavigation} locked={locked('recordNavigation')} onChange={(recordNavigation) => change({ recordNavigation })} />
      <Locked when={locked('phoneCountry')}>
        <PhoneCountryField draft={draft} change={change} />
      </Locked>
      <Locked when={locked('ownDomains')}>
        <OwnDomainsField value={form.typed.ownDomains} error={form.errors.domains} onInput={(ownDomains) => form.type({ ownDomains })} />
      </Locked>
      <Locked when={locked('confirmBeforeSend')}>
        <SettingsCheckbox id="settings-confirm" label={i18n.t('settings.confirm_before_send')} checked={draft.confirmBeforeSend} onChange={(confirmBeforeSend) => change({ confirmBeforeSend })} />
      </Locked>
      <Locked when={locked('keepSentEvidenceDays')}>
        <NumberField
          id="settings-keep-days"
          label={i18n.t('settings.keep_days')}
          value={form.typed.keepDays}
          onInput={(keepDays) => form.type({ keepDays })}
          range={KEEP_DAYS_RANGE}
          hint={i18n.t('settings.keep_days_hint')}
          error={form.errors.days}
        />
      </Locked>
      <StatusRefreshFieldset form={form} locked={locked} />
      <button type="submit" class="primary">
        {i18n.t('settings.save')}
      </button>
      {form.saved && (
        <p class="status status-ok" role="status">
          {i18n.t('settings.saved')}
        </p>
      )}
    </form>
  );
}
