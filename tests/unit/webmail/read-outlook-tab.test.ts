import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { OutlookPageFacts } from '@/utils/webmail/outlook-page';
import { readOutlookConversation, readOutlookOriginal } from '@/utils/webmail/read-outlook-tab';

// The Outlook tab read at the user's click (issue 40): the page's facts, then
// its service asked from the tab for the conversation and the original; when
// Outlook gives no original, the email the page shows, said to be only that.

const PHISH = readFileSync(path.resolve('tests/fixtures/email/phish-examplebank.eml'));
const GET_ITEM = readFileSync(path.resolve('tests/fixtures/webmail/outlook-get-item.json'), 'utf8').replace('MIME_BASE64', PHISH.toString('base64'));
const CONVERSATION = readFileSync(path.resolve('tests/fixtures/webmail/outlook-conversation-items.json'), 'utf8');
const CONVERSATION_ID = 'AAQkAGVmMDEzMTM4LTZmYWUtNDdkNC1hMDZkLWFmYzJmM2YyOWZhOAAQAGFhYWFhYWFhYWFhYWFhYWE=';
const SHOWN = { sender: 'Example Bank Security<security@examplebank-secure.com>', subject: 'Urgent: your account will be closed', html: '<a href="https://examplebank-verify.com/login">confirm</a>' };

const answer = (body: string, status = 200) => ({
  status,
  finalUrl: 'https://outlook.office.com/owa/service.svc',
  type: 'application/json',
  base64: Buffer.from(body).toString('base64'),
  tooBig: false,
});
type Answers = Partial<Record<'GetConversationItems' | 'GetItem', ReturnType<typeof answer>>>;

/** The tab: its page's facts, and the service's answer to each action (what `executeScript` of each injected function gives back). */
function outlookTab(facts: Partial<OutlookPageFacts>, answers: Answers) {
  const page: OutlookPageFacts = { url: `https://outlook.office.com/mail/inbox/id/${encodeURIComponent(CONVERSATION_ID)}`, selectedConversation: null, shown: SHOWN, ...facts };
  const executeScript = vi.fn(async ({ func, args }: { func: { name: string }; args?: unknown[] }) => [{ result: func.name === 'readOutlookPage' ? page : answers[args![1] as keyof Answers] }]);
  Object.assign(fakeBrowser, { scripting: { executeScript } });
  Object.assign(fakeBrowser.tabs, { get: vi.fn(async () => ({ id: 7, url: page.url })) });
  return { actions: () => executeScript.mock.calls.map(([{ args }]) => args?.[1]).filter(Boolean) };
}

/** Reads the conversation, then its chosen (or `index`) message's original. */
async function readTab(index?: number) {
  const conversation = await readOutlookConversation(7);
  if (!conversation.ok) return { conversation, original: null };
  const original = await readOutlookOriginal(7, conversation.value, index ?? conversation.value.chosen);
  return { conversation, original };
}

beforeEach(() => fakeBrowser.reset());

describe('the email open in an Outlook tab', () => {
  it('lists the conversation, takes its newest message, and its original byte for byte', async () => {
    const tab = outlookTab({}, { GetConversationItems: answer(CONVERSATION), GetItem: answer(GET_ITEM) });
    const { conversation, original } = await readTab();
    expect(conversation.ok && [conversation.value.chosen, conversation.value.messages.map((message) => message.sender)]).toEqual([
      1,
      ['Example Bank <noreply@examplebank.com>', 'Example Bank Security <security@examplebank-secure.com>'],
    ]);
    expect(original?.ok && [original.shownOnly, original.value.name, Buffer.from(await original.value.arrayBuffer()).equals(PHISH)]).toEqual([
      undefined,
      'Urgent your account will be closed.eml',
      true,
    ]);
    expect(tab.actions()).toEqual(['GetConversationItems', 'GetItem']);
  });

  it('asks for the message in the address directly', async () => {
    const tab = outlookTab({ url: 'https://outlook.office.com/mail/inbox/id/AAMkAGI2THVSAAA%3D' }, { GetItem: answer(GET_ITEM) });
    expect((await readTab()).original?.ok).toBe(true);
    expect(tab.actions()).toEqual(['GetItem']);
  });

  it.each([
    ['Outlook refuses the original', { GetConversationItems: answer(CONVERSATION), GetItem: answer(GET_ITEM.replace('"Success"', '"Error"')) }],
    ['the session lists nothing (440)', { GetConversationItems: answer('', 440) }],
    ['Outlook answers its page, not JSON', { GetConversationItems: answer(CONVERSATION), GetItem: answer('<!doctype html>') }],
  ])('when %s, reads what the page shows and says so', async (_case, answers) => {
    outlookTab({}, answers);
    const { original } = await readTab();
    expect(original?.ok && original.shownOnly).toBe(true);
    const text = original?.ok ? await original.value.text() : '';
    expect(text).toMatch(/^From: Example Bank Security <security@examplebank-secure\.com>\r\nSubject: Urgent: your account will be closed\r\n/);
    expect(text).not.toMatch(/^Reply-To:/m);
  });

  it.each([
    ['nothing open in the page', { url: 'https://outlook.office.com/mail/inbox', shown: null }, {}, 'no_message'],
    ['a conversation listed while the session has ended, nothing shown', { shown: null }, { GetConversationItems: answer('', 440) }, 'not_signed_in'],
  ])('says %s, as Outlook’s failure', async (_case, facts, answers, failure) => {
    outlookTab(facts, answers);
    expect((await readTab()).conversation).toEqual({ ok: false, failure, provider: 'outlook' });
  });

  it('rebuilds only the open message: another one picked whose original is refused is a failure', async () => {
    outlookTab({}, { GetConversationItems: answer(CONVERSATION), GetItem: answer('', 500) });
    expect((await readTab(0)).original).toEqual({ ok: false, failure: 'refused', provider: 'outlook' });
  });

  it('says the tab is gone when it is', async () => {
    Object.assign(fakeBrowser.tabs, { get: vi.fn(async () => Promise.reject(new Error('No tab with id: 7'))) });
    expect(await readOutlookConversation(7)).toEqual({ ok: false, failure: 'no_access', provider: 'outlook' });
  });
});
