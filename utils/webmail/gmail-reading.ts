import type { FetchedInPage, GmailPageFacts } from './gmail-page';
import type { WebmailConversation, WebmailMessage, WebmailResult } from './webmail-types';

/** The host permission a Gmail reading needs (optional in the manifest, asked at the user's first click). */
export const GMAIL_ORIGINS = 'https://mail.google.com/*';

/** Whether a tab's address is Gmail's mail app: the popup, menu and shortcut offer "Report this email" there. */
export function isGmailUrl(url: string | undefined): boolean {
  return url?.startsWith('https://mail.google.com/mail/') === true;
}

/** The signed-in account the page shows (`/mail/u/1/`): the original is asked of that account, not the first one. */
export function gmailAccount(url: string): number | null {
  const match = /^https:\/\/mail\.google\.com\/mail\/(?:u\/(\d{1,2})\/)?/.exec(url);
  if (!match) return null;
  return match[1] === undefined ? 0 : Number(match[1]);
}

/** A message element's ids, or null when Gmail no longer marks them the way we read. */
function messageOf(facts: GmailPageFacts['messages'][number]): WebmailMessage | null {
  const perm = /^#?msg-f:(\d{1,20})$/.exec(facts.messageId ?? '');
  const legacy = /^[0-9a-f]{12,20}$/i.exec(facts.legacyId ?? '');
  if (!perm || !legacy) return null;
  return { permId: perm[1]!, legacyId: legacy[0].toLowerCase(), sender: facts.sender, date: facts.date };
}

/**
 * The open conversation from what the page answered: its account, token and
 * messages, the last expanded one chosen. A page with no token is one not
 * signed in (Gmail's sign-in page has no `GLOBALS`); message elements whose
 * ids we cannot read mean Gmail changed its page.
 */
export function conversationOf(facts: GmailPageFacts): WebmailResult<WebmailConversation> {
  const account = gmailAccount(facts.url);
  if (account === null) return { ok: false, failure: 'not_signed_in' };
  if (typeof facts.token !== 'string' || !/^[0-9a-f]{6,16}$/i.test(facts.token)) return { ok: false, failure: facts.token === undefined ? 'not_signed_in' : 'page_changed' };
  if (facts.messages.length === 0) return { ok: false, failure: 'no_message' };
  const read = facts.messages.map((message) => ({ message: messageOf(message), expanded: message.expanded }));
  const messages = read.flatMap(({ message }) => (message ? [message] : []));
  if (messages.length === 0) return { ok: false, failure: 'page_changed' };
  const expanded = read.filter(({ message }) => message).map(({ expanded }) => expanded);
  const last = expanded.lastIndexOf(true);
  return { ok: true, value: { account, token: facts.token, subject: facts.subject, messages, chosen: last >= 0 ? last : messages.length - 1 } };
}

/** How Gmail serves a message's original, and how its answer holds the message. */
export type OriginalKind = 'download' | 'show';

/**
 * The two addresses of a message's original, on the page's own origin and
 * account: "Download message" (the raw bytes) first, then "Show original"
 * (an HTML page, the message in its `<pre>`).
 */
export function gmailOriginalUrls(conversation: Pick<WebmailConversation, 'account' | 'token'>, message: WebmailMessage): { kind: OriginalKind; url: string }[] {
  const base = `https://mail.google.com/mail/u/${conversation.account}/?ik=${encodeURIComponent(conversation.token)}`;
  return [
    { kind: 'download', url: `${base}&view=att&th=${message.legacyId}&attid=0&disp=comp&safe=1&zw` },
    { kind: 'show', url: `${base}&view=om&permmsgid=msg-f:${message.permId}` },
  ];
}

// By hand, not with htmlparser2: "Show original" is plain text escaped by Gmail (these names and numbers
// only), and a parser here would load the email parsers into the popup's and the review window's own code,
// which keeps them in the reading worker alone (report-email.spec.ts checks the built files).
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** The raw message "Show original" puts in its `<pre>`, its HTML escapes undone; null when the page has none. */
export function rawFromShowOriginal(html: string): string | null {
  const match = /<pre[^>]*\bid="?raw_message_text"?[^>]*>([\s\S]*?)<\/pre>/i.exec(html) ?? /<pre[^>]*>([\s\S]*?)<\/pre>/i.exec(html);
  if (!match) return null;
  return match[1]!.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** Whether the text begins as an email does: a header line (`Name: value`) and, later, the blank line before the body. */
export function looksLikeEmail(text: string): boolean {
  return /^(?:From [^\n]*\n)?[\x21-\x39\x3b-\x7e]{1,76}:[^\n]*\n/.test(text.slice(0, 2000)) && /\r?\n\r?\n/.test(text.slice(0, 200_000));
}

/** Bytes as Latin-1 text: each byte one character, enough to see the headers of a message of any charset. */
function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return text;
}

/**
 * The original message's bytes from the page's answer: refused when Gmail
 * said no (or sent its sign-in page), "not an email" when what came back
 * does not begin as one.
 */
export function originalFrom(fetched: FetchedInPage, kind: OriginalKind): WebmailResult<Uint8Array> {
  if ('error' in fetched) return { ok: false, failure: 'refused' };
  if (fetched.finalUrl.startsWith('https://accounts.google.com/')) return { ok: false, failure: 'not_signed_in' };
  if (fetched.status !== 200 || fetched.tooBig) return { ok: false, failure: 'refused' };
  const bytes = Uint8Array.from(atob(fetched.base64), (char) => char.charCodeAt(0));
  if (kind === 'download') return looksLikeEmail(latin1(bytes.subarray(0, 200_000))) ? { ok: true, value: bytes } : { ok: false, failure: 'not_email' };
  const raw = rawFromShowOriginal(new TextDecoder().decode(bytes));
  return raw !== null && looksLikeEmail(raw) ? { ok: true, value: new TextEncoder().encode(raw) } : { ok: false, failure: 'not_email' };
}

/** The file the email is read from and attached as: its subject, without what a file name may not hold. */
export function emailFileName(subject: string): string {
  const name = subject
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return `${name || 'email'}.eml`;
}
