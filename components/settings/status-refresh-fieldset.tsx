import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { REFRESH_MINUTES_RANGE } from '@/utils/settings/settings';
import { NumberField } from '../ui/number-field';
import { Locked } from './locked';
import { NotifyStatusPicker } from './notify-status-picker';
import type { SettingsDraft } from './use-settings-draft';

/** How often incidents' statuses are read again, and which new statuses notify the user. */
export function StatusRefreshFieldset({ form, locked }: { form: SettingsDraft; locked(key: string): boolean }): JSX.Element {
  return (
    <fieldset class="choice">
      <legend>{i18n.t('status_refresh.settings_heading')}</legend>
      <Locked when={locked('refreshMinutes')}>
        <NumberField
          id="settings-refresh-minutes"
          label={i18n.t('status_refresh.refresh_minutes')}
          value={form.typed.refreshMinutes}
          onInput={(refreshMinutes) => form.type({ refreshMinutes })}
          range={REFRESH_MINUTES_RANGE}
          hint={i18n.t('status_refresh.refresh_minutes_hint', [String(REFRESH_MINUTES_RANGE.min), String(REFRESH_MINUTES_RANGE.max)])}
          error={form.errors.minutes}
        />
      </Locked>
      <Locked when={locked('notifyStatuses')}>
        <NotifyStatusPicker chosen={form.draft.notifyStatuses} onChange={(notifyStatuses) => form.change({ notifyStatuses })} />
      </Locked>
    </fieldset>
  );
}
