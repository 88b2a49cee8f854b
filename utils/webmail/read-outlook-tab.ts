import { browser } from 'wxt/browser';
import type { FetchedInPage } from './gmail-page';
import { emailFileName } from './gmail-reading';
import { callOutlookService, readOutlookPage, type OutlookPageFacts } from './outlook-page';
import {
  conversationItemsFrom,
  emailFromShown,
  getConversationItemsRequest,
  getItemRequest,
  originalFromGetItem,
  outlookActionUrl,
  outlookFailure,
  outlookRefOf,
  outlookServiceUrl,
} from './outlook-reading';
import { inject } from './read-gmail-tab';
import type { WebmailConversation, WebmailFailure, WebmailMessage, WebmailResult } from './webmail-types';

/** The largest answer carried from the page: a 40 MB message, as base64 in JSON (a third more). */
const MAX_ANSWER_BYTES = 56 * 1024 * 1024;

/** One request to Outlook's service, sent from the tab (its session, its canary, its token). */
function askService(tabId: number, service: string, action: 'GetItem' | 'GetConversationItems', body: string): Promise<WebmailResult<FetchedInPage>> {
  return inject<FetchedInPage>(() => browser.scripting.executeScript({ target: { tabId }, func: callOutlookService, args: [outlookActionUrl(service, action), action, body, MAX_ANSWER_BYTES] }));
}

/** The open email's messages: the one in the address, or the selected conversation's (newest chosen), or, failing those, the one the page shows. */
async function messagesOf(tabId: number, facts: OutlookPageFacts, service: string): Promise<WebmailResult<{ messages: WebmailMessage[]; chosen: number }>> {
  const ref = outlookRefOf(facts.url, facts.selectedConversation);
  const shownOnly = { legacyId: '', permId: '', sender: facts.shown?.sender ?? '', date: '' };
  if (ref?.kind === 'item') return { ok: true, value: { messages: [{ ...shownOnly, itemId: ref.id }], chosen: 0 } };
  let failure: WebmailFailure = 'no_message';
  if (ref) {
    const answer = await askService(tabId, service, 'GetConversationItems', getConversationItemsRequest(ref.id));
    const listed = answer.ok ? conversationItemsFrom(answer.value) : answer;
    if (listed.ok) return { ok: true, value: { messages: listed.value, chosen: listed.value.length - 1 } };
    failure = listed.failure;
  }
  return facts.shown ? { ok: true, value: { messages: [shownOnly], chosen: 0 } } : { ok: false, failure };
}

/**
 * Reads the email open in the Outlook tab: what its page shows, and the
 * message (or the conversation's messages) its address or list names. Runs
 * at the user's click, in this tab only; nothing of the page stays injected.
 */
export async function readOutlookConversation(tabId: number): Promise<WebmailResult<WebmailConversation>> {
  const tab = await browser.tabs.get(tabId).catch(() => null);
  if (!tab) return outlookFailure('no_access');
  const facts = await inject<OutlookPageFacts>(() => browser.scripting.executeScript({ target: { tabId }, func: readOutlookPage }));
  if (!facts.ok) return outlookFailure(facts.failure);
  const service = outlookServiceUrl(facts.value.url);
  const read = await messagesOf(tabId, facts.value, service);
  if (!read.ok) return outlookFailure(read.failure);
  const { shown } = facts.value;
  return { ok: true, value: { account: 0, token: '', subject: shown?.subject ?? '', ...read.value, outlook: { service, shown } } };
}

/**
 * The message's original (`GetItem` with its MIME, from the tab), as the file
 * a dropped email would be. When Outlook does not give it, the email the page
 * shows is rebuilt instead (the open one only), marked `shownOnly`: the
 * review window says its headers were not available.
 */
export async function readOutlookOriginal(tabId: number, conversation: WebmailConversation, index: number): Promise<WebmailResult<File>> {
  const message = conversation.messages[index];
  if (!message || !conversation.outlook) return outlookFailure('no_message');
  const { service, shown } = conversation.outlook;
  const asFile = (bytes: Uint8Array) => new File([bytes as BlobPart], emailFileName(conversation.subject || shown?.subject || ''), { type: 'message/rfc822' });
  let failure: WebmailFailure = 'refused';
  if (message.itemId) {
    const answer = await askService(tabId, service, 'GetItem', getItemRequest(message.itemId));
    const original = answer.ok ? originalFromGetItem(answer.value) : answer;
    if (original.ok) return { ok: true, value: asFile(original.value) };
    failure = original.failure;
  }
  if (shown && index === conversation.chosen) return { ok: true, value: asFile(emailFromShown(shown)), shownOnly: true };
  return outlookFailure(failure);
}
