import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { SettingPath, SettingValue } from '@/utils/backup/backup-diff';
import { isManaged, MANAGEABLE_SETTINGS, type ManagedView } from '@/utils/settings/managed';
import { settingName } from './backup-problem-text';
import { settingValueText } from './backup-value-text';

/** What the policy sets, setting by setting, in the order the settings form shows them. */
function policyValues(managed: ManagedView): [SettingPath, SettingValue][] {
  const settings = MANAGEABLE_SETTINGS.flatMap((key): [SettingPath, SettingValue][] => {
    const value = managed.settings[key];
    return value === undefined ? [] : [[key, value]];
  });
  const evidence = (['screenshot', 'pageSource', 'pageDetails'] as const).flatMap((key): [SettingPath, SettingValue][] => {
    const value = managed.evidence[key];
    return value === undefined ? [] : [[`evidence.${key}`, value]];
  });
  return [...settings, ...evidence];
}

/**
 * The organisation's policy (managed deployment): who manages the extension,
 * the connection and every setting it sets, with the value it sets; or that
 * none applies, so every setting is the user's.
 */
export function PolicyView({ managed }: { managed: ManagedView }): JSX.Element {
  if (!isManaged(managed)) return <p>{i18n.t('policy.none')}</p>;
  const fact = (term: string, value: string, key = term) => (
    <div class="fact" key={key}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <>
      <p>{managed.managedBy ? i18n.t('managed.banner', [managed.managedBy]) : i18n.t('managed.banner_anonymous')}</p>
      <dl class="facts" aria-label={i18n.t('policy.list_label')}>
        {managed.baseUrl && fact(i18n.t('policy.service'), managed.baseUrl)}
        {managed.hasApiKey && fact(i18n.t('policy.key'), i18n.t('policy.key_set'))}
        {policyValues(managed).map(([field, value]) => fact(settingName(field), settingValueText(field, value), field))}
      </dl>
    </>
  );
}
