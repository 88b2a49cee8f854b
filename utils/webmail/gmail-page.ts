// Run inside the Gmail tab by `scripting.executeScript` (the review window
// injects them at the user's click): each function is serialised alone, so it
// names nothing outside itself. What they answer is checked by ./gmail-reading.ts.

/** One message element of the open conversation, as the page marks it. */
interface GmailMessageFacts {
  messageId: string | null;
  legacyId: string | null;
  expanded: boolean;
  sender: string;
  date: string;
}

/** What the page holds about the open conversation: raw, checked in the review window. */
export interface GmailPageFacts {
  url: string;
  /** `GLOBALS[9]`, the user token (`ik`) Gmail puts in its own "Show original" links; undefined with no `GLOBALS` (not signed in), null when it is not there. */
  token: unknown;
  subject: string;
  messages: GmailMessageFacts[];
}

/**
 * Reads the open conversation's messages, the user token and the URL (in the
 * page's MAIN world: `GLOBALS` is a global of Gmail's own script). An element
 * with `data-message-id` is a message; it is expanded when its list item says
 * so (`aria-expanded`) or it carries the body's `ads` class.
 */
export function readGmailPage(): GmailPageFacts {
  const globals = (globalThis as { GLOBALS?: unknown }).GLOBALS;
  const messages = [...document.querySelectorAll('[data-message-id]')].map((element) => {
    const sender = element.querySelector('[email]');
    const item = element.closest('[aria-expanded]');
    return {
      messageId: element.getAttribute('data-message-id'),
      legacyId: element.getAttribute('data-legacy-message-id'),
      expanded: item ? item.getAttribute('aria-expanded') === 'true' : element.classList.contains('ads'),
      sender: sender ? `${sender.getAttribute('name') ?? ''} <${sender.getAttribute('email') ?? ''}>`.trim() : '',
      date: element.querySelector('.g3[title]')?.getAttribute('title') ?? '',
    };
  });
  return {
    url: location.href,
    token: Array.isArray(globals) ? (globals[9] ?? null) : undefined,
    subject: document.querySelector('h2.hP')?.textContent?.trim() ?? '',
    messages,
  };
}

/** A response read in the page: its bytes as base64 (what `executeScript` can carry), or the network error. */
export type FetchedInPage = { status: number; finalUrl: string; type: string; base64: string; tooBig: boolean } | { error: string };

/**
 * Fetches one address of the page's own origin with the user's session
 * (same-origin, so Gmail's cookies go): the message's original. Bytes over
 * `maxBytes` are not carried back.
 */
export async function fetchInPage(url: string, maxBytes: number): Promise<FetchedInPage> {
  try {
    const response = await fetch(url, { credentials: 'include' });
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
