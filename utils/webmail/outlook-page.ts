import type { FetchedInPage } from './gmail-page';
import type { OutlookShown } from './webmail-types';

// Run inside the Outlook on the web tab by `scripting.executeScript` (the
// review window injects them at the user's click, in the extension's isolated
// world, which shares the page's DOM, cookies and storage): each function is
// serialised alone, so it names nothing outside itself. What they answer is
// checked by ./outlook-reading.ts.
//
// The marks read here are the ones public code that reads Outlook's page
// relies on: the selected row of the message list `[data-convid][aria-selected="true"]`
// (AppInMail's EAC extension, fperezdev/wd-extension-poc), the reading pane
// `[data-app-section="MailReadCompose"]` or `[role="main"]`, its subject
// `[role="heading"][aria-level="2"]`, the body `#UniqueMessageBody…`,
// `#Item.MessagePartBody` or `[aria-label="Message body"]`.

/** What the page holds about the open email: raw, checked in the review window. */
export interface OutlookPageFacts {
  url: string;
  /** The conversation selected in the message list (its row's `data-convid`), or null. */
  selectedConversation: string | null;
  /** What the reading pane shows of the open email, or null with no email open. */
  shown: OutlookShown | null;
}

/**
 * Reads the address, the selected conversation and what the reading pane
 * shows: its subject, the sender (the first mark in it naming an address)
 * and the last message body's markup (at most 2 MB).
 */
export function readOutlookPage(): OutlookPageFacts {
  const pane = document.querySelector('[data-app-section="MailReadCompose"], [data-app-section="ConversationReadingPane"], [role="main"]');
  const bodies = pane ? [...pane.querySelectorAll('[id^="UniqueMessageBody"], [id="Item.MessagePartBody"], [id="Item.MessageUniqueBody"], [aria-label="Message body"]')] : [];
  const body = bodies.filter((element) => (element.textContent ?? '').trim()).pop();
  const address = /[^\s<>"]+@[^\s<>"]+\.[a-z]{2,}/i;
  const marks = pane ? [...pane.querySelectorAll('[title], span, button')] : [];
  const senderMark = marks.find((mark) => address.test(mark.getAttribute('title') ?? '') || /<[^<>\s]+@[^<>\s]+>/.test(mark.textContent ?? ''));
  const senderText = (senderMark?.textContent ?? '').replace(/\s+/g, ' ').trim();
  const senderTitle = senderMark?.getAttribute('title') ?? '';
  const sender = /<[^<>\s]+@[^<>\s]+>/.test(senderText) ? senderText : `${senderText} <${address.exec(senderTitle)?.[0] ?? ''}>`;
  const subject = pane?.querySelector('[role="heading"][aria-level="2"], [data-app-section="ConversationTopic"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  return {
    url: location.href,
    selectedConversation: document.querySelector('[data-convid][aria-selected="true"]')?.getAttribute('data-convid') ?? null,
    shown: body ? { sender: senderMark ? sender : '', subject, html: body.innerHTML.slice(0, 2_000_000) } : null,
  };
}

/**
 * Asks Outlook's own service (`service.svc`, the JSON form of Exchange's
 * requests that the page itself sends) one request, as the page sends it:
 * its `X-OWA-CANARY` cookie as the header of that name, and the page's own
 * access token from its sign-in library's cache (MSAL, in localStorage) when
 * it keeps one there. The token is used in the page and never leaves it: only
 * the answer is carried back (as base64, at most `maxBytes`).
 */
export async function callOutlookService(url: string, action: string, body: string, maxBytes: number): Promise<FetchedInPage> {
  /** The page's freshest unexpired access token for Outlook's service, or ''. */
  function pageToken(): string {
    let token = '';
    let latest = Date.now() / 1000;
    for (let at = 0; at < localStorage.length; at++) {
      let entry: { credentialType?: unknown; target?: unknown; secret?: unknown; expiresOn?: unknown } | null = null;
      try {
        entry = JSON.parse(localStorage.getItem(localStorage.key(at) ?? '') ?? '');
      } catch {
        continue;
      }
      const usable = String(entry?.credentialType).toLowerCase() === 'accesstoken' && /outlook\.office\.com|OWA\.AccessAsUser/i.test(String(entry?.target));
      if (usable && typeof entry?.secret === 'string' && Number(entry.expiresOn) > latest) [token, latest] = [entry.secret, Number(entry.expiresOn)];
    }
    return token;
  }
  try {
    const canary = /(?:^|;\s*)X-OWA-CANARY=([^;]*)/i.exec(document.cookie)?.[1];
    const token = pageToken();
    const headers: Record<string, string> = { action, 'content-type': 'application/json; charset=utf-8', 'x-req-source': 'Mail' };
    if (canary) headers['x-owa-canary'] = canary;
    // Personal accounts (outlook.live.com) send Microsoft accounts' own scheme (nnyj/user-scripts), work accounts a bearer token.
    if (token) headers.authorization = location.hostname === 'outlook.live.com' ? `MSAuth1.0 usertoken="${token}", type="MSACT"` : `Bearer ${token}`;
    const response = await fetch(url, { method: 'POST', credentials: 'include', headers, body });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const head = { status: response.status, finalUrl: response.url, type: response.headers.get('content-type') ?? '' };
    if (bytes.length > maxBytes) return { ...head, base64: '', tooBig: true };
    let binary = '';
    for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return { ...head, base64: btoa(binary), tooBig: false };
  } catch (error) {
    return { error: String(error) };
  }
}
