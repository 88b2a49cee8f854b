import type { Browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { openReviewPage } from '../messaging/review-page';
import { WEBMAIL_PAGES, webmailOf } from '../webmail/webmail-hosts';
import { menuId, type MenuEntry } from './registry';

// "Report this email" from the context menu and the shortcut on a webmail tab
// (issue 40). The worker only opens the review window for the tab: the
// window reads the email from it (utils/webmail/read-webmail-tab.ts), so the
// worker's bundle carries none of that.

export const WEBMAIL_MENU = menuId('report-webmail');

/**
 * Opens the review window on the email open in a Gmail or Outlook on the web
 * tab; false for any other tab. The click or shortcut grants `activeTab`,
 * which lets the window read that tab even before its site is granted.
 */
export async function openWebmailReview(tab: Browser.tabs.Tab | undefined): Promise<boolean> {
  if (tab?.id === undefined || !webmailOf(tab.url)) return false;
  await openReviewPage(`?email=1&webmail=${tab.id}`);
  return true;
}

/** The menu entry, on Gmail's and Outlook on the web's pages only. */
export function webmailMenuEntry(): MenuEntry {
  return {
    id: WEBMAIL_MENU,
    title: () => i18n.t('menu.webmail'),
    contexts: ['page'],
    documentUrlPatterns: WEBMAIL_PAGES,
    onClick: async (_info, tab) => void (await openWebmailReview(tab)),
  };
}
