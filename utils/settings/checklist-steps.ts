import { defineLazyItem } from '../storage/lazy-item';
import type { Settings } from './settings-values';

// The first-day checklist (issue 44, point 7): shown after connecting until the
// user hides it; the options page's About section shows it again.

/** Whether the user hid the setup checklist. */
const checklistHiddenItem = defineLazyItem<boolean>('local:setupChecklistHidden', { fallback: false });

/** True once the user hid the checklist. */
export function readChecklistHidden(): Promise<boolean> {
  return checklistHiddenItem.getValue();
}

/** Hides the checklist, or shows it again. */
export async function setChecklistHidden(hidden: boolean): Promise<void> {
  await checklistHiddenItem.setValue(hidden);
}

/** Calls back when the checklist is hidden or shown again, in any page. */
export function watchChecklistHidden(callback: (hidden: boolean) => void): () => void {
  return checklistHiddenItem.watch((hidden) => callback(hidden ?? false));
}

/** One step of the checklist: the settings field it leads to, and whether it is done. */
export interface ChecklistStep {
  step: 'reporter_email' | 'own_domains' | 'phone_country';
  /** The id of the field in the options page's Reporting section; also the link's fragment. */
  field: 'settings-reporter' | 'settings-own-domains' | 'settings-country';
  done: boolean;
}

/** The steps a first day needs, each done or not by the current settings. */
export function checklistSteps(settings: Settings): ChecklistStep[] {
  return [
    { step: 'reporter_email', field: 'settings-reporter', done: settings.reporterEmail !== '' },
    { step: 'own_domains', field: 'settings-own-domains', done: settings.ownDomains.length > 0 },
    { step: 'phone_country', field: 'settings-country', done: settings.phoneCountry !== '' },
  ];
}
