import { savedConnectionOf } from '@/utils/connection/saved-status';
import { settingsOfStored } from '@/utils/settings/settings';
import { startSavedStatusEarly } from '../connection/use-connection-status';
import { startSettingsEarly } from '../shared/use-settings';
import { beforeFirstRender } from '../ui/early-read';
import { takeFirstRead } from './first-read';
import { startTabDraftEarly } from './use-tab-draft';

/**
 * The popup's reads, started when this module is evaluated: the popup's entry
 * imports it first. They are the popup's first read (./first-read.ts), which
 * the shell script started while popup.html was parsed: the saved connection,
 * the settings and the active tab, in one storage call and one tab query.
 * Settles when they have arrived or after a short wait (beforeFirstRender),
 * so the first paint is the form rather than a "checking" line.
 */
export const popupReads: Promise<void> = (() => {
  const { tab, stored } = takeFirstRead();
  const settings = startSettingsEarly(() => stored.then(settingsOfStored));
  const saved = startSavedStatusEarly(stored.then((read) => savedConnectionOf(read.connection)));
  return beforeFirstRender(Promise.allSettled([saved, settings, startTabDraftEarly(tab, settings)]));
})();
