import { browser, type Browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { optionsPath } from '../messaging/protocol';
import { showNotification } from '../incidents/notification';
import { MUST_KNOW, mustKnowSince, type MustKnow } from './must-know';

// The first day (issue 44, point 7): a fresh install opens the options page on
// Connection, where the user starts. An update says nothing unless it brought
// something the user must know (must-know.ts, issue 42); a browser update
// opens nothing.

type InstalledDetails = Pick<Browser.runtime.InstalledDetails, 'reason' | 'previousVersion'>;

/** A fresh install opens the options page's Connection section in a new tab; an update tells what the user must know, if anything. */
export async function handleInstalled(details: InstalledDetails, mustKnow: readonly MustKnow[] = MUST_KNOW): Promise<void> {
  if (details.reason === 'install') await browser.tabs.create({ url: browser.runtime.getURL(optionsPath('connection')) });
  if (details.reason === 'update') await tellMustKnow(mustKnow, details.previousVersion ?? '0');
}

/** One notification with the sentences of the changes since `previous`; none when there are none. */
async function tellMustKnow(list: readonly MustKnow[], previous: string): Promise<void> {
  const current = browser.runtime.getManifest().version;
  const news = mustKnowSince(list, previous, current);
  if (news.length === 0) return;
  await showNotification({ title: i18n.t('release.updated', [current]), message: news.map(({ message }) => message()).join(' ') });
}
