import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GmailPageFacts } from '@/utils/webmail/gmail-page';
import { conversationOf, emailFileName, gmailAccount, gmailOriginalUrls, isGmailUrl, looksLikeEmail, originalFrom, rawFromShowOriginal } from '@/utils/webmail/gmail-reading';

const PHISH = readFileSync(path.resolve('tests/fixtures/email/phish-examplebank.eml'));
const SHOW_ORIGINAL = readFileSync(path.resolve('tests/fixtures/webmail/gmail-show-original.html'), 'utf8');
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');
const fetched = (body: Uint8Array | string, more: Partial<{ status: number; finalUrl: string; tooBig: boolean }> = {}) => ({
  status: 200,
  finalUrl: 'https://mail.google.com/mail/u/0/?ik=4fd1a2b3c4&view=att',
  type: 'message/rfc822',
  base64: base64(body),
  tooBig: false,
  ...more,
});

describe('the Gmail tab and its account', () => {
  it.each([
    ['https://mail.google.com/mail/u/0/#inbox/FMfcgzQXJ', true, 0],
    ['https://mail.google.com/mail/u/3/#search/x/FMfcgz', true, 3],
    ['https://mail.google.com/mail/#inbox', true, 0],
    ['https://mail.google.com/chat/u/0/', false, null],
    ['https://mail.google.com.evil.example/mail/u/0/', false, null],
    ['http://mail.google.com/mail/u/0/', false, null],
  ])('%s: Gmail %s, account %s', (url, gmail, account) => {
    expect([isGmailUrl(url), gmailAccount(url)]).toEqual([gmail, account]);
  });
});

const message = (messageId: string | null, legacyId: string | null, expanded: boolean) => ({ messageId, legacyId, expanded, sender: 'A <a@example.com>', date: 'Nov 23' });
const facts = (messages: GmailPageFacts['messages'], ...token: [unknown?]): GmailPageFacts => ({
  url: 'https://mail.google.com/mail/u/2/#inbox/x',
  token: token.length ? token[0] : 'abc123def0',
  subject: 'Hi',
  messages,
});

describe('conversationOf', () => {
  it.each([
    ['the last expanded of three', [message('#msg-f:1', '18aaaaaaaaaa0001', true), message('#msg-f:2', '18aaaaaaaaaa0002', true), message('#msg-f:3', '18aaaaaaaaaa0003', false)], 1],
    ['the last when none says expanded', [message('#msg-f:1', '18aaaaaaaaaa0001', false), message('#msg-f:2', '18aaaaaaaaaa0002', false)], 1],
    ['the readable one when another lost its ids', [message(null, null, true), message('#msg-f:2', '18AAAAAAAAAA0002', true)], 0],
  ])('chooses %s', (_case, messages, chosen) => {
    const read = conversationOf(facts(messages));
    expect(read.ok && read.value.chosen).toBe(chosen);
    expect(read.ok && read.value.account).toBe(2);
  });

  it.each([
    ['ids Gmail no longer writes as we read them', facts([message('msg-a:r123', 'zz', true)]), 'page_changed'],
    ['a token of another shape', facts([message('#msg-f:2', '18aaaaaaaaaa0002', true)], { ik: 1 }), 'page_changed'],
    ['GLOBALS without the token', facts([message('#msg-f:2', '18aaaaaaaaaa0002', true)], null), 'page_changed'],
    ['no token at all', facts([message('#msg-f:2', '18aaaaaaaaaa0002', true)], undefined), 'not_signed_in'],
    ['the sign-in page', { ...facts([]), url: 'https://accounts.google.com/ServiceLogin' }, 'not_signed_in'],
    ['no message open', facts([]), 'no_message'],
  ])('says %s', (_case, page, failure) => {
    expect(conversationOf(page)).toEqual({ ok: false, failure });
  });
});

describe('the original', () => {
  it('is asked of the page’s own account and origin, "Download message" first', () => {
    const urls = gmailOriginalUrls({ account: 1, token: '4fd1a2b3c4' }, { legacyId: '1823e33def6f5124', permId: '1739483736244703524', sender: '', date: '' });
    expect(urls).toEqual([
      { kind: 'download', url: 'https://mail.google.com/mail/u/1/?ik=4fd1a2b3c4&view=att&th=1823e33def6f5124&attid=0&disp=comp&safe=1&zw' },
      { kind: 'show', url: 'https://mail.google.com/mail/u/1/?ik=4fd1a2b3c4&view=om&permmsgid=msg-f:1739483736244703524' },
    ]);
  });

  it('from "Download message" is the bytes as they came', () => {
    const read = originalFrom(fetched(PHISH), 'download');
    expect(read.ok && Buffer.from(read.value).equals(PHISH)).toBe(true);
  });

  it('from "Show original" is the <pre>’s text, its escapes undone', () => {
    const page = SHOW_ORIGINAL.replace('RAW_MESSAGE', () => escapeHtml(PHISH.toString('utf8')));
    expect(rawFromShowOriginal(page)).toBe(PHISH.toString('utf8'));
    const read = originalFrom(fetched(page, { finalUrl: 'https://mail.google.com/mail/u/0/?view=om' }), 'show');
    expect(read.ok && new TextDecoder().decode(read.value)).toBe(PHISH.toString('utf8'));
  });

  it.each([
    [
      'every escape Gmail writes, named or numbered',
      '<pre id="raw_message_text">Subject: caf&#233; &#x2026; &#x1F4B0; &lt;a@b.example&gt; &quot;&#39;&amp;&nbsp;x</pre>',
      'Subject: café … 💰 <a@b.example> "\'&\u00a0x',
    ],
    ['the raw message’s <pre>, not one before it', '<pre>menu</pre><pre id="raw_message_text">From: a@b.example</pre>', 'From: a@b.example'],
    ['the first <pre> when none is named', '<div><pre>From: a@b.example\r\n</pre></div><pre>other</pre>', 'From: a@b.example\r\n'],
    ['no <pre> at all', '<html><body>Sign in</body></html>', null],
  ])('from "Show original": %s', (_name, page, raw) => {
    expect(rawFromShowOriginal(page)).toBe(raw);
  });

  it.each([
    ['a network error', { error: 'TypeError: Failed to fetch' }, 'download', 'refused'],
    ['a refusal', fetched('', { status: 403 }), 'download', 'refused'],
    ['an original too big to carry', fetched('', { tooBig: true }), 'download', 'refused'],
    ['the sign-in page it was sent to', fetched('<html>', { finalUrl: 'https://accounts.google.com/v3/signin' }), 'download', 'not_signed_in'],
    ['an HTML page in place of the bytes', fetched('<!doctype html><html><body>Error</body></html>'), 'download', 'not_email'],
    ['a "Show original" page with no message', fetched('<html><body>Gone</body></html>'), 'show', 'not_email'],
  ] as const)('refuses %s', (_case, answer, kind, failure) => {
    expect(originalFrom(answer, kind)).toEqual({ ok: false, failure });
  });

  it.each([
    ['Received: from x\nSubject: hi\n\nbody', true],
    ['From alice@example.com Mon Nov 23 09:00:00 2026\nFrom: a@example.com\n\nbody', true],
    ['<!doctype html>\n<html>\n\n', false],
    ['Subject: no body ever', false],
  ])('looksLikeEmail(%j) is %s', (text, expected) => {
    expect(looksLikeEmail(text)).toBe(expected);
  });

  it.each([
    ['Urgent: your account / closed?', 'Urgent your account closed.eml'],
    ['', 'email.eml'],
    ['a'.repeat(300), `${'a'.repeat(100)}.eml`],
  ])('is named after its subject: %j → %j', (subject, name) => {
    expect(emailFileName(subject)).toBe(name);
  });
});
