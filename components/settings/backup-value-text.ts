import { i18n } from '#i18n';
import type { SettingPath, SettingValue } from '@/utils/backup/backup-diff';
import { incidentStatusWords } from '@/utils/incidents/incident-words';

// A setting's value as a person reads it in the import preview: yes/no, the
// action's and statuses' names, "none" for an empty value.

/** The words for one value of the setting `field`. */
export function settingValueText(field: SettingPath, value: SettingValue): string {
  if (typeof value === 'boolean') return value ? i18n.t('incident.yes') : i18n.t('incident.no');
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return i18n.t('backup.preview.none');
    return field === 'notifyStatuses' ? value.map((status: string) => incidentStatusWords(status)).join(', ') : value.join(', ');
  }
  if (value === '') return i18n.t('backup.preview.none');
  if (field === 'defaultAction' && (value === 'tkd' || value === 'monitor')) return i18n.t(`report.action.${value}`);
  return value as string;
}
