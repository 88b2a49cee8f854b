import type { ManagedView } from '../settings/managed';
import type { EvidenceDefaults, Settings } from '../settings/settings';

// What an imported backup would change in the user's own settings, worked
// out before anything is written (issue 19: the preview says it, Apply
// writes it). Pure: the options page words it, backup-import.ts reads the
// stores it needs.

/** A setting by its path in the file: `refreshMinutes`, `evidence.screenshot`. */
export type SettingPath = Exclude<keyof Settings, 'evidence'> | `evidence.${keyof EvidenceDefaults}`;

/** Every setting, in the order the options page shows them. */
const SETTING_PATHS: readonly SettingPath[] = [
  'reporterEmail',
  'defaultAction',
  'defaultClientId',
  'evidence.screenshot',
  'evidence.pageSource',
  'evidence.pageDetails',
  'selectionPageEvidence',
  'recordNavigation',
  'wholePageScreenshot',
  'phoneCountry',
  'confirmBeforeSend',
  'keepSentEvidenceDays',
  'refreshMinutes',
  'notifyStatuses',
  'includeAccountIncidents',
  'ownDomains',
];

/** A value of one setting. */
export type SettingValue = string | number | boolean | readonly string[];

/** One setting the file sets differently: its value now and the file's. */
export interface SettingChange {
  field: SettingPath;
  from: SettingValue;
  to: SettingValue;
}

/** What the file's settings would do. */
export interface SettingsDiff {
  /** Settings that Apply changes. */
  changes: SettingChange[];
  /** Settings the file sets differently but the organisation's policy sets: they stay as they are. */
  kept: SettingChange[];
  /** The settings Apply writes (policy-set ones at the user's current value); null when nothing changes. */
  settings: Settings | null;
}

/** The value of a setting by its path. */
function settingValue(settings: Settings, field: SettingPath): SettingValue {
  if (field.startsWith('evidence.')) return settings.evidence[field.slice('evidence.'.length) as keyof EvidenceDefaults];
  return settings[field as Exclude<keyof Settings, 'evidence'>];
}

/** True when the organisation's policy sets this setting. */
function isLocked(field: SettingPath, policy: Pick<ManagedView, 'settings' | 'evidence'>): boolean {
  if (field.startsWith('evidence.')) return policy.evidence[field.slice('evidence.'.length) as keyof EvidenceDefaults] !== undefined;
  return (policy.settings as Record<string, unknown>)[field] !== undefined;
}

/** Lists mean the same in any order (notifyStatuses is a set of statuses). */
function sameValue(a: SettingValue, b: SettingValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
  return a === b;
}

/** Writes one setting by its path into a copy of `settings`. */
function withValue(settings: Settings, field: SettingPath, value: SettingValue): Settings {
  // A country the file sets is a choice: the browser's region no longer replaces it (phone-country.ts).
  if (field === 'phoneCountry') return { ...settings, phoneCountry: value as string, phoneCountryChosen: true };
  if (!field.startsWith('evidence.')) return { ...settings, [field]: value };
  return { ...settings, evidence: { ...settings.evidence, [field.slice('evidence.'.length)]: value } };
}

/**
 * Compares the user's own settings with the file's (null: the file has none
 * to use). A setting the policy sets is listed as kept and keeps the user's
 * value, so Apply never writes over what the organisation decided.
 */
export function diffSettings(current: Settings, incoming: Settings | null, policy: Pick<ManagedView, 'settings' | 'evidence'>): SettingsDiff {
  if (!incoming) return { changes: [], kept: [], settings: null };
  const changes: SettingChange[] = [];
  const kept: SettingChange[] = [];
  let next = current;
  for (const field of SETTING_PATHS) {
    const from = settingValue(current, field);
    const to = settingValue(incoming, field);
    if (sameValue(from, to)) continue;
    if (isLocked(field, policy)) kept.push({ field, from, to });
    else {
      changes.push({ field, from, to });
      next = withValue(next, field, to);
    }
  }
  return { changes, kept, settings: changes.length > 0 ? next : null };
}
