import { browser } from 'wxt/browser';
import { readGmailConversation, readGmailOriginal } from './read-gmail-tab';
import { readOutlookConversation, readOutlookOriginal } from './read-outlook-tab';
import { webmailOf } from './webmail-hosts';
import type { WebmailConversation, WebmailResult } from './webmail-types';

/** Reads the email open in a webmail tab with its provider's reader: Outlook on the web's, else Gmail's. */
export async function readWebmailConversation(tabId: number): Promise<WebmailResult<WebmailConversation>> {
  const tab = await browser.tabs.get(tabId).catch(() => null);
  return webmailOf(tab?.url)?.provider === 'outlook' ? readOutlookConversation(tabId) : readGmailConversation(tabId);
}

/** Reads one message's original with the reader of the conversation's provider. */
export function readWebmailOriginal(tabId: number, conversation: WebmailConversation, index: number): Promise<WebmailResult<File>> {
  return conversation.outlook ? readOutlookOriginal(tabId, conversation, index) : readGmailOriginal(tabId, conversation, index);
}
