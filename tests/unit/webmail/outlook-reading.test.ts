import { readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { conversationItemsFrom, emailFromShown, getItemRequest, originalFromGetItem, outlookActionUrl, outlookRefOf, outlookServiceUrl } from '@/utils/webmail/outlook-reading';
import { webmailOf } from '@/utils/webmail/webmail-hosts';

// Outlook on the web's open email (issue 40): the ids in its addresses, its
// service's address per account, and its answers (saved shapes in
// tests/fixtures/webmail/outlook-*.json, each saying where it came from).

const PHISH = readFileSync(path.resolve('tests/fixtures/email/phish-examplebank.eml'));
const GET_ITEM = readFileSync(path.resolve('tests/fixtures/webmail/outlook-get-item.json'), 'utf8');
const CONVERSATION = readFileSync(path.resolve('tests/fixtures/webmail/outlook-conversation-items.json'), 'utf8');
const ITEM = 'AAMkAGVmMDEzMTM4LTZmYWUtNDdkNC1hMDZkLWFmYzJmM2YyOWZhOABGAAAAAAAiQ8W967B7TKBjgx9rVEURBwAiIsqMbYjsT5G-T7KZ11NPAAAAAAEMAAAiIsqMbYjsT5G-T7KZ11NPAAAAAAE_AAA=';
const CONVERSATION_ID = 'AAQkAGVmMDEzMTM4LTZmYWUtNDdkNC1hMDZkLWFmYzJmM2YyOWZhOAAQAGFhYWFhYWFhYWFhYWFhYWE=';

/** The service's answer as the page carries it back. */
const answered = (body: string, more: Partial<{ status: number; finalUrl: string; tooBig: boolean }> = {}) => ({
  status: 200,
  finalUrl: 'https://outlook.office.com/owa/service.svc?action=GetItem&app=Mail',
  type: 'application/json; charset=utf-8',
  base64: Buffer.from(body).toString('base64'),
  tooBig: false,
  ...more,
});
const getItemAnswer = (mime: string) => GET_ITEM.replace('MIME_BASE64', mime).replace('ITEM_ID', ITEM);

describe('the Outlook tab', () => {
  it.each([
    ['https://outlook.office.com/mail/inbox/id/AAMkAGI2THVSAAA%3D', 'outlook', 'https://outlook.office.com/*'],
    ['https://outlook.office365.com/mail/inbox/id/O365ItemId789', 'outlook', 'https://outlook.office365.com/*'],
    ['https://outlook.live.com/mail/0/inbox/id/AQMkADAwATM0MDAAMS0%2B', 'outlook', 'https://outlook.live.com/*'],
    ['https://outlook.cloud.microsoft/mail/inbox/id/AAQkAGFjYWI5NzMz', 'outlook', 'https://outlook.cloud.microsoft/*'],
    ['https://outlook.office365.com/owa/?ItemID=AAMkAGI2%3D&viewmodel=ReadMessageItem', 'outlook', 'https://outlook.office365.com/*'],
    ['https://mail.google.com/mail/u/1/#inbox/FMfcgz', 'gmail', 'https://mail.google.com/*'],
    ['https://outlook.office.com.evil.example/mail/inbox', null, null],
    ['https://outlook.office.com/calendar/view/week', null, null],
    ['http://outlook.live.com/mail/0/', null, null],
  ])('%s is %s, its reading asks for %s', (url, provider, origins) => {
    const site = webmailOf(url);
    expect([site?.provider ?? null, site?.origins ?? null]).toEqual([provider, origins]);
  });

  // Addresses as public code saved them (an Asana content script's tests, chrscato/intake-crm, Nyffels-Open-Source/outlook-owa-linker).
  it.each([
    ['a message in the address', 'https://outlook.office.com/mail/inbox/id/AAMkAGI2%2FTHVSAAA%3D', null, { kind: 'item', id: 'AAMkAGI2/THVSAAA=' }],
    [
      'a personal account’s message',
      'https://outlook.live.com/mail/0/inbox/id/AQMkADAwATM0MDAAMS0wNGFmLTgzNzUtMDACLTAwCgBGAAAD',
      null,
      { kind: 'item', id: 'AQMkADAwATM0MDAAMS0wNGFmLTgzNzUtMDACLTAwCgBGAAAD' },
    ],
    ['a conversation in the address', `https://outlook.office.com/mail/inbox/id/${encodeURIComponent(CONVERSATION_ID)}`, null, { kind: 'conversation', id: CONVERSATION_ID }],
    ['a deep link', 'https://outlook.office.com/mail/deeplink/read/AAMkAGI2THVSAAA%3D', null, { kind: 'item', id: 'AAMkAGI2THVSAAA=' }],
    ['the older page’s ItemID', 'https://outlook.office365.com/owa/?ItemID=AAMkAGI2THVSAAA%3D&exvsurl=1&viewmodel=ReadMessageItem', null, { kind: 'item', id: 'AAMkAGI2THVSAAA=' }],
    ['the list’s selected conversation', 'https://outlook.office.com/mail/inbox', CONVERSATION_ID, { kind: 'conversation', id: CONVERSATION_ID }],
    ['nothing open', 'https://outlook.live.com/mail/0/inbox', null, null],
    ['an id with a broken escape', 'https://outlook.office.com/mail/inbox/id/AAMk%E0%A4%A', null, null],
    ['an id of another shape', 'https://outlook.office.com/mail/inbox/id/%3Cscript%3E', null, null],
  ])('%s', (_case, url, selected, ref) => {
    expect(outlookRefOf(url, selected)).toEqual(ref);
  });

  it.each([
    ['https://outlook.office.com/mail/inbox/id/x', 'https://outlook.office.com/owa/service.svc?action=GetItem&app=Mail'],
    ['https://outlook.live.com/mail/1/inbox/id/x', 'https://outlook.live.com/owa/1/service.svc?action=GetItem&app=Mail'],
    ['https://outlook.cloud.microsoft/mail/', 'https://outlook.cloud.microsoft/owa/service.svc?action=GetItem&app=Mail'],
  ])('%s: the page’s own origin and account answer at %s', (page, url) => {
    expect(outlookActionUrl(outlookServiceUrl(page), 'GetItem')).toBe(url);
  });
});

describe('Outlook’s service', () => {
  it('is asked for the one message’s original, with its MIME', () => {
    expect(JSON.parse(getItemRequest(ITEM)).Body).toEqual({
      __type: 'GetItemRequest:#Exchange',
      ItemShape: { __type: 'ItemResponseShape:#Exchange', BaseShape: 'IdOnly', IncludeMimeContent: true, AdditionalProperties: [{ __type: 'PropertyUri:#Exchange', FieldURI: 'item:Size' }] },
      ItemIds: [{ __type: 'ItemId:#Exchange', Id: ITEM }],
    });
  });

  it('lists the conversation’s messages, oldest first, with their senders and dates', () => {
    const read = conversationItemsFrom(answered(CONVERSATION));
    expect(read.ok && read.value.map(({ sender, date, itemId }) => [sender, date, itemId?.slice(-6)])).toEqual([
      ['Example Bank <noreply@examplebank.com>', '2026-11-22T08:02:00Z', 'E-AAA='],
      ['Example Bank Security <security@examplebank-secure.com>', '2026-11-23T09:14:07Z', 'E_AAA='],
    ]);
  });

  it('gives the original byte for byte', () => {
    const read = originalFromGetItem(answered(getItemAnswer(PHISH.toString('base64'))));
    expect(read.ok && Buffer.from(read.value).equals(PHISH)).toBe(true);
  });

  it.each([
    ['the session ended (440)', answered('', { status: 440 }), 'not_signed_in'],
    ['unauthorised (401)', answered('', { status: 401 }), 'not_signed_in'],
    ['the sign-in page', answered('<html>Sign in</html>', { finalUrl: 'https://login.microsoftonline.com/common/oauth2/authorize' }), 'not_signed_in'],
    ['a server error', answered('', { status: 500 }), 'refused'],
    ['an answer over the limit', answered('', { tooBig: true }), 'refused'],
    ['the network failed', { error: 'TypeError: Failed to fetch' }, 'refused'],
    ['access denied', answered(GET_ITEM.replace('"Success"', '"Error"')), 'refused'],
    ['no MIME in the answer', answered(GET_ITEM.replace('"MimeContent"', '"Body"')), 'refused'],
    ['an HTML page instead of JSON', answered('<!doctype html><html></html>'), 'page_changed'],
    ['JSON of another shape', answered('{"d":{}}'), 'page_changed'],
    ['MIME that is not an email', answered(getItemAnswer(Buffer.from('%PDF-1.7 not a message').toString('base64'))), 'not_email'],
  ])('says %s', (_case, fetched, failure) => {
    expect(originalFromGetItem(fetched)).toEqual({ ok: false, failure });
  });
});

describe('the email rebuilt from what the page shows', () => {
  it('holds the sender, subject and body with its links, and says it is no original', async () => {
    const bytes = emailFromShown({
      sender: 'Example Bank Security <security@examplebank-secure.com>',
      subject: 'Urgent: your account will be closed — action needed',
      html: '<p>Please <a href="https://examplebank-verify.com/login?id=7731">confirm</a>.</p>',
    });
    const email = await PostalMime.parse(bytes);
    expect([email.from?.address, email.from?.name, email.subject, email.replyTo]).toEqual([
      'security@examplebank-secure.com',
      'Example Bank Security',
      'Urgent: your account will be closed — action needed',
      undefined,
    ]);
    expect(email.html).toContain('<a href="https://examplebank-verify.com/login?id=7731">confirm</a>');
    expect(email.headers.find((header) => header.key === 'x-takedown-reporter-source')?.value).toMatch(/original and its headers were not available/);
  });

  it('leaves out a sender the page did not show', async () => {
    const email = await PostalMime.parse(emailFromShown({ sender: '', subject: 'Hi', html: 'x' }));
    expect([email.from, email.subject]).toEqual([undefined, 'Hi']);
  });
});
