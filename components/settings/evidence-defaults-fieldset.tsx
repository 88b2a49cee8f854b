import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { EvidenceDefaults, Settings } from '@/utils/settings/settings';
import { Locked } from './locked';
import { ScreenshotAreaChoice } from './screenshot-area-choice';
import { SelectionEvidenceToggle } from './selection-evidence-toggle';
import { SettingsCheckbox } from './settings-checkbox';

interface EvidenceDefaultsFieldsetProps {
  draft: Settings;
  /** Whether the organisation's policy sets this setting. */
  locked(key: string): boolean;
  change(patch: Partial<Settings>): void;
}

/** The evidence a report takes unless the user unticks it, each part lockable by the policy on its own. */
export function EvidenceDefaultsFieldset({ draft, locked, change }: EvidenceDefaultsFieldsetProps): JSX.Element {
  const part = (key: keyof EvidenceDefaults) => (value: boolean) => change({ evidence: { ...draft.evidence, [key]: value } });
  return (
    <fieldset class="choice">
      <legend>{i18n.t('settings.evidence')}</legend>
      <Locked when={locked('screenshot')}>
        <SettingsCheckbox id="settings-screenshot" label={i18n.t('report.evidence.screenshot')} checked={draft.evidence.screenshot} onChange={part('screenshot')} />
      </Locked>
      <Locked when={locked('wholePageScreenshot')}>
        <ScreenshotAreaChoice wholePage={draft.wholePageScreenshot} disabled={!draft.evidence.screenshot} onChange={(wholePageScreenshot) => change({ wholePageScreenshot })} />
      </Locked>
      <Locked when={locked('pageSource')}>
        <SettingsCheckbox id="settings-source" label={i18n.t('report.evidence.page_source')} checked={draft.evidence.pageSource} onChange={part('pageSource')} />
      </Locked>
      <Locked when={locked('pageDetails')}>
        <SettingsCheckbox id="settings-details" label={i18n.t('report.evidence.page_details')} checked={draft.evidence.pageDetails} onChange={part('pageDetails')} />
      </Locked>
      <Locked when={locked('selectionPageEvidence')}>
        <SelectionEvidenceToggle checked={draft.selectionPageEvidence} onChange={(selectionPageEvidence) => change({ selectionPageEvidence })} />
      </Locked>
    </fieldset>
  );
}
