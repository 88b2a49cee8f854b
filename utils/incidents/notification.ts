import { browser } from 'wxt/browser';

// Every notification the extension shows (a report's result, a status
// change, a problem that stopped a menu report) is made here: one icon, one
// type, and an id when a click must know what it was about.

/** A notification's words, and its id when a click on it is handled. */
export interface Notice {
  id?: string;
  title: string;
  message: string;
}

/** Shows a notification with the extension's icon. */
export async function showNotification({ id, title, message }: Notice): Promise<void> {
  const options = { type: 'basic' as const, iconUrl: browser.runtime.getURL('/icon/128.png'), title, message };
  await (id === undefined ? browser.notifications.create(options) : browser.notifications.create(id, options));
}
