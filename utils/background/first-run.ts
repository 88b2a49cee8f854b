import { browser, type Browser } from 'wxt/browser';
import { optionsPath } from '../messaging/protocol';

// The first day (issue 44, point 7): a fresh install opens the options page on
// Connection, where the user starts; an update or a browser update opens nothing.

type InstalledDetails = Pick<Browser.runtime.InstalledDetails, 'reason'>;

/** On a fresh install only, opens the options page's Connection section in a new tab. */
export async function handleInstalled(details: InstalledDetails): Promise<void> {
  if (details.reason !== 'install') return;
  await browser.tabs.create({ url: browser.runtime.getURL(optionsPath('connection')) });
}
