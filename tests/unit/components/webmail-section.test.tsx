import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { WebmailSection } from '@/components/review/webmail-section';
import type { WebmailReaders } from '@/components/review/use-webmail-email';
import type { EmailEntry } from '@/components/review/use-emails';
import type { WebmailConversation, WebmailFailure } from '@/utils/webmail/webmail-types';
import { useDomWindow } from './dom';

// The review window's part for the email open in a webmail tab (issue 40):
// read into the window's emails as if dropped, another message picked in
// its place, and every failure a sentence saying what to do instead.

const { mount: mountNow, window } = useDomWindow('chrome-extension://test/review.html');

/** Mounts inside act, so the reading starts (its effect) before the test goes on. */
async function mount(node: Parameters<typeof mountNow>[0]): Promise<HTMLElement> {
  let root: HTMLElement | undefined;
  await act(() => {
    root = mountNow(node);
  });
  await settle();
  return root!;
}

/** Runs the effects (act: Preact runs them after the next frame otherwise) and lets the readers answer. */
const settle = async () => {
  await act(async () => {
    for (let round = 0; round < 4; round++) await new Promise((resolve) => setTimeout(resolve, 0));
  });
};

const CONVERSATION: WebmailConversation = {
  account: 1,
  token: '4fd1a2b3c4',
  subject: 'Urgent',
  chosen: 1,
  messages: [
    { legacyId: '1823e33def6f0001', permId: '1', sender: 'Example Bank <noreply@examplebank.com>', date: 'Nov 22' },
    { legacyId: '1823e33def6f5124', permId: '2', sender: 'Example Bank Security <security@examplebank-secure.com>', date: 'Nov 23' },
  ],
};

/** Readers that answer the conversation, and each message's original as a file named after its index. */
function readers(conversation: WebmailConversation | WebmailFailure = CONVERSATION, original: WebmailFailure | null = null): WebmailReaders {
  return {
    conversation: vi.fn(async () => (typeof conversation === 'string' ? { ok: false as const, failure: conversation } : { ok: true as const, value: conversation })),
    original: vi.fn(async (_tab: number, _conversation: WebmailConversation, index: number) =>
      original ? { ok: false as const, failure: original } : { ok: true as const, value: new File(['Subject: x\n\nbody'], `message-${index}.eml`) },
    ),
  };
}

/** The window's email list, recorded. */
function emailList() {
  const emails: EmailEntry[] = [];
  return {
    emails,
    addEmails: vi.fn((files: readonly File[]) => void emails.push(...files.map((file) => ({ key: file.name, file })))),
    removeEmail: vi.fn(
      (key: string) =>
        void emails.splice(
          emails.findIndex((entry) => entry.key === key),
          1,
        ),
    ),
  };
}

describe('the email open in a webmail tab', () => {
  it('reads the last expanded message into the window’s emails, then replaces it with the one picked', async () => {
    const list = emailList();
    const root = await mount(<WebmailSection tabId={7} emails={list} disabled={false} readers={readers()} />);
    expect(list.emails.map((entry) => entry.file.name)).toEqual(['message-1.eml']);
    const select = root.querySelector('select')!;
    expect([...select.options].map((option) => [option.textContent, option.selected])).toEqual([
      ['Example Bank <noreply@examplebank.com> · Nov 22', false],
      ['Example Bank Security <security@examplebank-secure.com> · Nov 23', true],
    ]);
    select.value = '0';
    select.dispatchEvent(new window.Event('change') as unknown as Event);
    await settle();
    expect(list.emails.map((entry) => entry.file.name)).toEqual(['message-0.eml']);
  });

  it.each([
    ['no_message', null, 'No email is open in the webmail tab. Open the email you want to report and try again, or download it and drop it here.'],
    ['page_changed', null, 'The webmail’s page has changed and the extension cannot find the email in it. Download the message (⋮ › Download message) and drop it here.'],
    [CONVERSATION, 'not_email', 'What the webmail gave back is not an email. Download the message (⋮ › Download message) and drop it here.'],
    [CONVERSATION, 'refused', 'The webmail did not give the email’s original. Download the message (⋮ › Download message) and drop it here.'],
  ] as const)('says what to do instead when the conversation is %s and the original %s', async (conversation, original, sentence) => {
    const list = emailList();
    const root = await mount(<WebmailSection tabId={7} emails={list} disabled={false} readers={readers(conversation, original)} />);
    expect(root.querySelector('[role="alert"]')?.textContent).toBe(sentence);
    expect(list.emails).toEqual([]);
  });

  it.each([
    ['the conversation', { conversation: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))), original: readers().original }],
    ['the original', { conversation: readers().conversation, original: vi.fn(async () => Promise.reject(new Error('gone'))) }],
  ])('ends in a sentence, not an endless reading, when reading %s throws', async (_what, failing) => {
    const root = await mount(<WebmailSection tabId={7} emails={emailList()} disabled={false} readers={failing as WebmailReaders} />);
    expect(root.querySelector('[role="alert"]')?.textContent).toBe('The webmail did not give the email’s original. Download the message (⋮ › Download message) and drop it here.');
  });

  it('lists an Outlook conversation’s messages with their times in words, not as Exchange writes them', async () => {
    const outlook: WebmailConversation = {
      ...CONVERSATION,
      messages: CONVERSATION.messages.map((message, index) => ({ ...message, itemId: `AAMk${index}`, date: `2026-11-2${2 + index}T09:14:07Z` })),
      outlook: { service: 'https://outlook.office.com/owa/service.svc', shown: null },
    };
    const root = await mount(<WebmailSection tabId={7} emails={emailList()} disabled={false} readers={readers(outlook)} />);
    const texts = [...root.querySelector('select')!.options].map((option) => option.textContent ?? '');
    expect(texts).toHaveLength(2);
    for (const [index, text] of texts.entries()) {
      expect(text).toContain(`${CONVERSATION.messages[index]!.sender} · `);
      expect(text).toContain(`Nov ${22 + index}, 2026`);
      expect(text).not.toContain('T09:14:07Z');
    }
  });

  it('says plainly that an Outlook email read from its page has no headers', async () => {
    const list = emailList();
    const outlook = { ...CONVERSATION, outlook: { service: 'https://outlook.office.com/owa/service.svc', shown: null } };
    const shownOnly: WebmailReaders = {
      conversation: vi.fn(async () => ({ ok: true as const, value: outlook })),
      original: vi.fn(async () => ({ ok: true as const, value: new File(['Subject: x\n\nbody'], 'shown.eml'), shownOnly: true })),
    };
    const root = await mount(<WebmailSection tabId={7} emails={list} disabled={false} readers={shownOnly} />);
    expect(list.emails.map((entry) => entry.file.name)).toEqual(['shown.eml']);
    expect(root.querySelector('[role="status"]')?.textContent).toBe(
      'Outlook did not give this email’s original, so it is read from what the page shows: the sender, subject, links and text, without its headers (Reply-To, the servers it came through, its authentication). For those, save the message in Outlook (… › Save as) and drop it here.',
    );
  });

  it.each([
    ['the conversation', 'no_message', 'No email is open in the Outlook tab. Open the email you want to report and try again, or save it in Outlook and drop it here.'],
    ['the original', 'refused', 'Outlook did not give the email’s original. Save the message in Outlook (… › Save as) and drop it here.'],
  ] as const)('says an Outlook failure of %s with Outlook’s own menu items', async (what, failure, sentence) => {
    const outlook = { ...CONVERSATION, outlook: { service: 'https://outlook.office.com/owa/service.svc', shown: null } };
    const failing: WebmailReaders = {
      conversation: vi.fn(async () => (what === 'the conversation' ? { ok: false as const, failure, provider: 'outlook' as const } : { ok: true as const, value: outlook })),
      original: vi.fn(async () => ({ ok: false as const, failure, provider: 'outlook' as const })),
    };
    const root = await mount(<WebmailSection tabId={7} emails={emailList()} disabled={false} readers={failing} />);
    expect(root.querySelector('[role="alert"]')?.textContent).toBe(sentence);
  });

  it('shows nothing in a window not opened for a webmail tab', async () => {
    expect((await mount(<WebmailSection tabId={null} emails={emailList()} disabled={false} />)).innerHTML).toBe('');
  });
});
