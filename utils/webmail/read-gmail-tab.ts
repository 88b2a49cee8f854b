import { browser } from 'wxt/browser';
import { fetchInPage, readGmailPage, type FetchedInPage, type GmailPageFacts } from './gmail-page';
import { conversationOf, emailFileName, gmailOriginalUrls, originalFrom } from './gmail-reading';
import type { WebmailConversation, WebmailFailure, WebmailResult } from './webmail-types';

/** The largest original carried from the page (Gmail's own limit for a message is 25 MB, with its encoding's third more). */
const MAX_ORIGINAL_BYTES = 40 * 1024 * 1024;

/** The first frame's answer of a function injected into the tab, or the failure: no access (no permission, the tab gone or elsewhere). */
export async function inject<T>(run: () => Promise<{ result?: unknown }[]>): Promise<WebmailResult<T>> {
  try {
    const [frame] = await run();
    return frame && frame.result !== undefined && frame.result !== null ? { ok: true, value: frame.result as T } : { ok: false, failure: 'page_changed' };
  } catch {
    return { ok: false, failure: 'no_access' };
  }
}

/**
 * Reads the conversation open in the Gmail tab (its messages, account and
 * token), in the page's MAIN world where `GLOBALS` lives. Runs at the user's
 * click, in this tab only; nothing of the page stays injected.
 */
export async function readGmailConversation(tabId: number): Promise<WebmailResult<WebmailConversation>> {
  const tab = await browser.tabs.get(tabId).catch(() => null);
  if (!tab) return { ok: false, failure: 'no_access' };
  const facts = await inject<GmailPageFacts>(() => browser.scripting.executeScript({ target: { tabId }, world: 'MAIN', func: readGmailPage }));
  return facts.ok ? conversationOf(facts.value) : facts;
}

/**
 * Fetches one message's original from the tab's own origin with the user's
 * session ("Download message", then "Show original"), and answers it as the
 * file a dropped email would be. The fetch runs in the extension's isolated
 * world: the page's own `fetch` may be wrapped by its scripts.
 */
export async function readGmailOriginal(tabId: number, conversation: WebmailConversation, index: number): Promise<WebmailResult<File>> {
  const message = conversation.messages[index];
  if (!message) return { ok: false, failure: 'no_message' };
  let failure: WebmailFailure = 'refused';
  for (const { kind, url } of gmailOriginalUrls(conversation, message)) {
    const fetched = await inject<FetchedInPage>(() => browser.scripting.executeScript({ target: { tabId }, func: fetchInPage, args: [url, MAX_ORIGINAL_BYTES] }));
    if (!fetched.ok) return fetched;
    const original = originalFrom(fetched.value, kind);
    if (original.ok) return { ok: true, value: new File([original.value as BlobPart], emailFileName(conversation.subject), { type: 'message/rfc822' }) };
    failure = original.failure;
    if (failure === 'not_signed_in') break;
  }
  return { ok: false, failure };
}
