import type { FetchedInPage } from './gmail-page';
import { looksLikeEmail } from './gmail-reading';
import type { OutlookShown, WebmailFailure, WebmailMessage, WebmailResult } from './webmail-types';

// Outlook on the web's open email, from what its page and its own service
// answer (issue 40). The requests are the ones Outlook's page sends to
// `service.svc`, Exchange's requests in JSON: `GetConversationItems` lists
// the open conversation's messages, `GetItem` with `IncludeMimeContent`
// answers one message's original, base64 in `MimeContent.Value`. Public code
// that does the same: mustang-im/mustang (app/logic/Mail/OWA/OWAEMail.ts,
// `download()`), AppInMail's EAC extension (`Outlook.Actions.GetItem`,
// `GetConversationItems`), nnyj/user-scripts (outlook-junk-autodelete.user.js:
// the canary and the token).

/** An id in Outlook's address or list: a message's (`GetItem`) or a conversation's (`GetConversationItems`). */
export interface OutlookRef {
  kind: 'item' | 'conversation';
  id: string;
}

/**
 * The open email's id: in the address (`/mail/inbox/id/<id>`,
 * `/mail/deeplink/read/<id>`, `?ItemID=`), else the conversation selected in
 * the list. Exchange's ids are base64 of a typed structure: a conversation's
 * begins `AAQk` (`AQQk` for personal accounts), a message's `AAMk`/`AQMk`
 * (chrscato/intake-crm saved one of each).
 */
export function outlookRefOf(url: string, selected: string | null): OutlookRef | null {
  let id: string | null = selected;
  try {
    const address = new URL(url);
    const inPath = /\/(?:id|read)\/([^/?#]+)/.exec(address.pathname)?.[1];
    id = (inPath ? decodeURIComponent(inPath) : address.searchParams.get('ItemID')) ?? selected;
  } catch {
    // A path with a broken escape: the list's selection, if any.
  }
  if (!id || !/^[A-Za-z0-9+/=_-]{12,1024}$/.test(id)) return null;
  return { kind: /^A[AQ]Qk/.test(id) ? 'conversation' : 'item', id };
}

/** The page's account of several signed in (`/mail/0/`, personal accounts): its service answers under `/owa/0/`. */
export function outlookServiceUrl(pageUrl: string): string {
  const account = /^https:\/\/[^/]+\/mail\/(\d{1,2})\//.exec(pageUrl)?.[1];
  return `${new URL(pageUrl).origin}/owa/${account === undefined ? '' : `${account}/`}service.svc`;
}

/** The address of one service request, as the page writes it. */
export function outlookActionUrl(service: string, action: 'GetItem' | 'GetConversationItems'): string {
  return `${service}?action=${action}&app=Mail`;
}

const PROPERTY = (field: string) => ({ __type: 'PropertyUri:#Exchange', FieldURI: field });

/** `GetItem` of one message with its original (MIME); its size asked too, which Office 365 once needed to answer (mustang-im/mustang). */
export function getItemRequest(itemId: string): string {
  return JSON.stringify({
    __type: 'GetItemJsonRequest:#Exchange',
    Header: { __type: 'JsonRequestHeaders:#Exchange', RequestServerVersion: 'Exchange2013' },
    Body: {
      __type: 'GetItemRequest:#Exchange',
      ItemShape: { __type: 'ItemResponseShape:#Exchange', BaseShape: 'IdOnly', IncludeMimeContent: true, AdditionalProperties: [PROPERTY('item:Size')] },
      ItemIds: [{ __type: 'ItemId:#Exchange', Id: itemId }],
    },
  });
}

/** `GetConversationItems` of the open conversation: its messages' ids, senders and dates, oldest first. */
export function getConversationItemsRequest(conversationId: string): string {
  return JSON.stringify({
    __type: 'GetConversationItemsJsonRequest:#Exchange',
    Header: { __type: 'JsonRequestHeaders:#Exchange', RequestServerVersion: 'V2017_08_18' },
    Body: {
      __type: 'GetConversationItemsRequest:#Exchange',
      Conversations: [{ __type: 'ConversationRequestType:#Exchange', ConversationId: { __type: 'ItemId:#Exchange', Id: conversationId }, SyncState: '' }],
      ItemShape: { __type: 'ItemResponseShape:#Exchange', BaseShape: 'IdOnly', AdditionalProperties: [PROPERTY('message:From'), PROPERTY('item:DateTimeReceived')] },
      ShapeName: 'ItemPart',
      SortOrder: 'DateOrderAscending',
      MaxItemsToReturn: 20,
    },
  });
}

/** Bytes of base64 text. */
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/**
 * The first response message of the service's answer, when it answered
 * one that succeeded: not signed in when it sent the sign-in page or said
 * the session ended (401, or 440, Outlook's "login timeout").
 */
function responseOf(fetched: FetchedInPage): WebmailResult<Record<string, unknown>> {
  if ('error' in fetched) return { ok: false, failure: 'refused' };
  if ([401, 440].includes(fetched.status) || /^https:\/\/login\.(?:microsoftonline|live)\.com\//.test(fetched.finalUrl)) return { ok: false, failure: 'not_signed_in' };
  if (fetched.status !== 200 || fetched.tooBig) return { ok: false, failure: 'refused' };
  let answer: { Body?: { ResponseMessages?: { Items?: Record<string, unknown>[] } } };
  try {
    answer = JSON.parse(new TextDecoder().decode(fromBase64(fetched.base64)));
  } catch {
    return { ok: false, failure: 'page_changed' };
  }
  const response = answer?.Body?.ResponseMessages?.Items?.[0];
  if (!response) return { ok: false, failure: 'page_changed' };
  return response.ResponseClass === 'Success' ? { ok: true, value: response } : { ok: false, failure: 'refused' };
}

/** "Name <address>" of an Exchange mailbox (`From.Mailbox`). */
function mailboxText(from: unknown): string {
  const mailbox = (from as { Mailbox?: { Name?: unknown; EmailAddress?: unknown } } | undefined)?.Mailbox;
  const name = typeof mailbox?.Name === 'string' ? mailbox.Name : '';
  const address = typeof mailbox?.EmailAddress === 'string' ? mailbox.EmailAddress : '';
  return address ? `${name} <${address}>`.trim() : name;
}

/** The conversation's messages from `GetConversationItems`' answer (`Conversation.ConversationNodes[].Items[]`), oldest first. */
export function conversationItemsFrom(fetched: FetchedInPage): WebmailResult<WebmailMessage[]> {
  const response = responseOf(fetched);
  if (!response.ok) return response;
  const nodes = (response.value.Conversation as { ConversationNodes?: { Items?: Record<string, unknown>[] }[] } | undefined)?.ConversationNodes ?? [];
  const messages = nodes
    .flatMap((node) => node.Items ?? [])
    .flatMap((item) => {
      const itemId = (item.ItemId as { Id?: unknown } | undefined)?.Id;
      if (typeof itemId !== 'string') return [];
      const date = typeof item.DateTimeReceived === 'string' ? item.DateTimeReceived : '';
      return [{ legacyId: '', permId: '', itemId, sender: mailboxText(item.From), date }];
    });
  return messages.length ? { ok: true, value: messages } : { ok: false, failure: 'no_message' };
}

/** The message's original from `GetItem`'s answer (`Items[0].MimeContent.Value`, base64), refused when it holds none, "not an email" when it is not one. */
export function originalFromGetItem(fetched: FetchedInPage): WebmailResult<Uint8Array> {
  const response = responseOf(fetched);
  if (!response.ok) return response;
  const mime = (response.value.Items as { MimeContent?: { Value?: unknown } }[] | undefined)?.[0]?.MimeContent?.Value;
  if (typeof mime !== 'string' || !mime) return { ok: false, failure: 'refused' };
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(mime);
  } catch {
    return { ok: false, failure: 'not_email' };
  }
  let head = '';
  for (const byte of bytes.subarray(0, 200_000)) head += String.fromCharCode(byte);
  return looksLikeEmail(head) ? { ok: true, value: bytes } : { ok: false, failure: 'not_email' };
}

/** A header value as RFC 2047 has it when it is not plain ASCII (UTF-8, base64). */
function headerText(value: string): string {
  const flat = value.replace(/[\r\n]+/g, ' ');
  if (/^[\x20-\x7e]*$/.test(flat)) return flat;
  let binary = '';
  for (const byte of new TextEncoder().encode(flat)) binary += String.fromCharCode(byte);
  return `=?UTF-8?B?${btoa(binary)}?=`;
}

/**
 * An email rebuilt from what the page shows, for when the original cannot be
 * had: its sender, subject and body (with its links), and a header saying so;
 * none of the original's headers (Reply-To, Received, authentication).
 */
export function emailFromShown(shown: OutlookShown): Uint8Array {
  const address = /^(.*?)\s*<([^<>\s]+@[^<>\s]+)>$/.exec(shown.sender);
  const from = address ? `${address[1] ? `${headerText(address[1])} ` : ''}<${address[2]}>` : '';
  let binary = '';
  for (const byte of new TextEncoder().encode(`<!doctype html><html><body>${shown.html}</body></html>`)) binary += String.fromCharCode(byte);
  const body = btoa(binary).replace(/.{76}/g, '$&\r\n');
  const headers = [
    ...(from ? [`From: ${from}`] : []),
    `Subject: ${headerText(shown.subject)}`,
    'X-Takedown-Reporter-Source: read from the Outlook on the web page; the original and its headers were not available',
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
  ];
  return new TextEncoder().encode(`${headers.join('\r\n')}\r\n\r\n${body}\r\n`);
}

/** Outlook's failures are said with its own menu items. */
export const outlookFailure = (failure: WebmailFailure) => ({ ok: false as const, failure, provider: 'outlook' as const });
