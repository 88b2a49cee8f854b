import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { SavedConnection } from '@/utils/storage/connection-types';
import { ClientPicker } from '../shared/client-picker';
import { TextField } from '../ui/text-field';
import { Locked } from './locked';
import type { SettingsDraft } from './use-settings-draft';

interface ReportDefaultsFieldsProps {
  form: SettingsDraft;
  connection: SavedConnection | null;
  /** Whether the organisation's policy sets this setting. */
  locked(key: string): boolean;
}

/** Who reports, the action a report asks for, and the client it is filed for (once connected: the clients come from the service). */
export function ReportDefaultsFields({ form, connection, locked }: ReportDefaultsFieldsProps): JSX.Element {
  const { draft, change } = form;
  return (
    <>
      <Locked when={locked('reporterEmail')}>
        <TextField
          id="settings-reporter"
          label={i18n.t('report.form.reporter')}
          value={draft.reporterEmail}
          onInput={(reporterEmail) => change({ reporterEmail })}
          hint={i18n.t('report.form.reporter_hint')}
          error={form.errors.email}
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
    </>
  );
}
