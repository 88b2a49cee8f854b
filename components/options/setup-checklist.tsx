import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { checklistSteps, readChecklistHidden, setChecklistHidden, watchChecklistHidden, type ChecklistStep } from '@/utils/settings/checklist-steps';
import type { Settings } from '@/utils/settings/settings';

/** Whether the user hid the setup checklist; null while it is read. */
export function useChecklistHidden(): boolean | null {
  const [hidden, setHidden] = useState<boolean | null>(null);
  useEffect(() => {
    void readChecklistHidden().then(setHidden);
    return watchChecklistHidden(setHidden);
  }, []);
  return hidden;
}

/** What a step's state says: the country when one is set (and whether the browser gave it). */
function stateOf({ step, done }: ChecklistStep, settings: Settings): string {
  if (!done) return i18n.t('checklist.not_set');
  if (step !== 'phone_country') return i18n.t('checklist.done');
  return settings.phoneCountryChosen ? settings.phoneCountry : i18n.t('checklist.from_browser', [settings.phoneCountry]);
}

/**
 * The first day's next steps after connecting: the settings that make reports
 * and warnings right, each with why it matters and a link to its field.
 */
export function SetupChecklist({ settings }: { settings: Settings }): JSX.Element {
  return (
    <section class="setup-checklist" aria-labelledby="setup-checklist-heading" data-testid="setup-checklist">
      <h3 id="setup-checklist-heading">{i18n.t('checklist.heading')}</h3>
      <ul>
        {checklistSteps(settings).map((step) => (
          <li key={step.step} data-done={step.done}>
            <a href={`#${step.field}`}>{i18n.t(`checklist.${step.step}.name`)}</a> <span class="badge">{stateOf(step, settings)}</span>
            <p class="hint">{i18n.t(`checklist.${step.step}.why`)}</p>
          </li>
        ))}
      </ul>
      <button type="button" class="link-button" onClick={() => void setChecklistHidden(true)}>
        {i18n.t('checklist.hide')}
      </button>
    </section>
  );
}

/** About's way back to the checklist once hidden: shows it and goes to Connection. */
export function ShowChecklistButton(): JSX.Element {
  return (
    <button
      type="button"
      class="link-button"
      onClick={() => {
        void setChecklistHidden(false).then(() => {
          location.hash = '#connection';
        });
      }}
    >
      {i18n.t('checklist.show')}
    </button>
  );
}
