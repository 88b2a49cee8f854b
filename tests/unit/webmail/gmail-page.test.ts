// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readGmailPage } from '@/utils/webmail/gmail-page';
import { conversationOf } from '@/utils/webmail/gmail-reading';

// The function injected into the Gmail tab, run over a saved copy of Gmail's
// conversation markup (tests/fixtures/webmail/gmail-conversation.html says where it came from).

const SAVED = readFileSync(path.resolve('tests/fixtures/webmail/gmail-conversation.html'), 'utf8');

/** Puts the saved page's body in the document and its `GLOBALS` on the window, as Gmail's script does. */
function loadSavedPage(globals: unknown = [null, null, 0, 'en', null, null, null, null, null, '4fd1a2b3c4']): void {
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(SAVED)![1]!;
  if (globals !== 'none') (globalThis as { GLOBALS?: unknown }).GLOBALS = globals;
}

afterEach(() => {
  document.body.innerHTML = '';
  delete (globalThis as { GLOBALS?: unknown }).GLOBALS;
});

describe('readGmailPage over saved Gmail markup', () => {
  it('reads both messages, the expanded one marked, with their senders, dates and the token', () => {
    loadSavedPage();
    const facts = readGmailPage();
    expect(facts.token).toBe('4fd1a2b3c4');
    expect(facts.subject).toBe('Urgent: your account will be closed — action needed');
    expect(facts.messages).toEqual([
      { messageId: '#msg-f:1739483736244682753', legacyId: '1823e33def6f0001', expanded: false, sender: 'Example Bank <noreply@examplebank.com>', date: 'Sun, Nov 22, 2026, 8:02 AM' },
      {
        messageId: '#msg-f:1739483736244703524',
        legacyId: '1823e33def6f5124',
        expanded: true,
        sender: 'Example Bank Security <security@examplebank-secure.com>',
        date: 'Mon, Nov 23, 2026, 9:13 AM',
      },
    ]);
  });

  it('makes the last expanded message the one chosen, on the account of the page', () => {
    loadSavedPage();
    const conversation = conversationOf({ ...readGmailPage(), url: 'https://mail.google.com/mail/u/1/#inbox/FMfcgzQXJ' });
    expect(conversation.ok && [conversation.value.account, conversation.value.chosen, conversation.value.messages[conversation.value.chosen]!.legacyId]).toEqual([1, 1, '1823e33def6f5124']);
  });

  it.each([
    ['no GLOBALS: a page not signed in', 'none', 'not_signed_in'],
    ['GLOBALS without a token where it was', [null, null], 'page_changed'],
  ])('%s', (_case, globals, failure) => {
    loadSavedPage(globals);
    expect(conversationOf({ ...readGmailPage(), url: 'https://mail.google.com/mail/u/0/#inbox/x' })).toEqual({ ok: false, failure });
  });

  it('finds no message on a page with no conversation open', () => {
    loadSavedPage();
    document.querySelector('[role=list]')!.remove();
    expect(conversationOf({ ...readGmailPage(), url: 'https://mail.google.com/mail/u/0/#inbox' })).toEqual({ ok: false, failure: 'no_message' });
  });
});
