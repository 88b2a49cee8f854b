import { useEffect, useRef, useState } from 'preact/hooks';
import { saveSettings, type Settings } from '@/utils/settings/settings';
import { readSettingsText, type SettingsReading, type SettingsText } from './settings-input';

/** The fields kept as typed text, apart from the settings they are saved into. */
type TypedFields = Omit<SettingsText, 'reporterEmail'>;

/** The settings' numbers and lists as the form shows them. */
function typedFrom(settings: Settings): TypedFields {
  return { keepDays: String(settings.keepSentEvidenceDays), refreshMinutes: String(settings.refreshMinutes), ownDomains: settings.ownDomains.join('\n') };
}

/** The settings form's state: the edited settings, the typed fields, their errors once the user tried to save, and the save. */
export interface SettingsDraft {
  draft: Settings;
  typed: TypedFields;
  /** Each field's error, shown only once the user tried to save. */
  errors: SettingsReading['errors'];
  saved: boolean;
  change(patch: Partial<Settings>): void;
  type(patch: Partial<TypedFields>): void;
  save(): Promise<void>;
}

/**
 * The edits of the settings form, kept apart from the stored settings until
 * saved: settings changed elsewhere (an import, a policy the organisation
 * pushed, this form's own save) show, unless the user is in the middle of
 * editing them.
 */
export function useSettingsDraft(settings: Settings): SettingsDraft {
  const [draft, setDraft] = useState(settings);
  const [typed, setTyped] = useState(() => typedFrom(settings));
  const [saved, setSaved] = useState(false);
  const [touched, setTouched] = useState(false);
  // A ref, not state: the effect below runs after the render that scheduled it, and a change the user
  // made in between (a settings read landing as they pick a client) must be seen by it, not overwritten.
  const edited = useRef(false);
  const edit = () => {
    setSaved(false);
    edited.current = true;
  };
  useEffect(() => {
    if (edited.current) return;
    setDraft(settings);
    setTyped(typedFrom(settings));
  }, [settings]);

  const reading = readSettingsText({ reporterEmail: draft.reporterEmail, ...typed });
  const valid = Object.values(reading.errors).every((error) => error === null);
  async function save(): Promise<void> {
    setTouched(true);
    if (!valid || reading.days === null || reading.minutes === null) return;
    await saveSettings({ ...draft, reporterEmail: draft.reporterEmail.trim(), keepSentEvidenceDays: reading.days, refreshMinutes: reading.minutes, ownDomains: reading.domains });
    setTyped((previous) => ({ ...previous, ownDomains: reading.domains.join('\n') }));
    setSaved(true);
    edited.current = false;
  }

  return {
    draft,
    typed,
    errors: touched ? reading.errors : { email: null, days: null, minutes: null, domains: null },
    saved,
    change: (patch) => {
      setDraft((previous) => ({ ...previous, ...patch }));
      edit();
    },
    type: (patch) => {
      setTyped((previous) => ({ ...previous, ...patch }));
      edit();
    },
    save,
  };
}
