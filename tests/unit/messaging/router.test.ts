import { describe, expect, it, vi } from 'vitest';
import type { BackgroundService } from '@/utils/messaging/background-service';
import { CALL_CHANNEL, PAGE_PATHS, type Page } from '@/utils/messaging/protocol';
import { createMessageHandler, MAX_MESSAGE_CHARS, type Refusal } from '@/utils/messaging/router';
import { ROUTES, type RoutedPath } from '@/utils/messaging/routes';
import { pageOfSender, type MessageSenderLike } from '@/utils/messaging/sender';
import { PAGE_RIGHTS, SAMPLE_ARGS } from './page-rights';

const EXTENSION = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };
const PAGES = Object.keys(PAGE_PATHS) as Page[];
const METHODS = Object.keys(ROUTES) as RoutedPath[];

const from = (page: Page): MessageSenderLike => ({ id: EXTENSION.id, url: `${EXTENSION.origin}${PAGE_PATHS[page]}`, origin: EXTENSION.origin });
const callOf = (method: string, args: unknown) => ({ channel: CALL_CHANNEL, method, args });

/** A service whose every method answers what it was called with; `calls` lists them. */
function echoService() {
  const calls: string[] = [];
  const service = new Proxy({} as BackgroundService, {
    get: (_, area) =>
      new Proxy(
        {},
        {
          get:
            (__, method) =>
            async (...args: unknown[]) => {
              calls.push(`${String(area)}.${String(method)}`);
              return { echoed: args };
            },
        },
      ),
  });
  return { service, calls };
}

function handlerWith(service: BackgroundService) {
  const refusals: [Refusal, string, Page | null][] = [];
  const handle = createMessageHandler(service, { extension: EXTENSION, onRefused: (...refusal) => void refusals.push(refusal) });
  return { handle, refusals };
}

describe('pageOfSender', () => {
  it.each<[string, MessageSenderLike | undefined, Page | null]>([
    ['the popup', from('popup'), 'popup'],
    ['the options page, opened in a tab, with a query and a hash', { id: EXTENSION.id, url: `${EXTENSION.origin}/options.html?tab=1#reports` }, 'options'],
    ['the review window', from('review'), 'review'],
    ['the incident page', from('incident'), 'incident'],
    ['Firefox’s options page (moz-extension, no sender.origin)', { id: 'ext@example', url: 'moz-extension://6b1f0d2e-1111-2222-3333-444455556666/options.html' }, null],
    ['no sender', undefined, null],
    ['a sender without a URL', { id: EXTENSION.id }, null],
    ['a script injected into a web page (its URL is the page’s)', { id: EXTENSION.id, url: 'https://phish.example/login', origin: 'https://phish.example' }, null],
    ['a web page claiming our page’s URL but not our origin', { id: EXTENSION.id, url: `${EXTENSION.origin}/options.html`, origin: 'https://phish.example' }, null],
    ['another extension’s options page', { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', url: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/options.html' }, null],
    ['another extension using our id in its URL', { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', url: `${EXTENSION.origin}/options.html` }, null],
    ['our origin, not one of our pages', { id: EXTENSION.id, url: `${EXTENSION.origin}/icon/128.png` }, null],
    ['our origin with a look-alike path', { id: EXTENSION.id, url: `${EXTENSION.origin}/options.html.evil` }, null],
    ['credentials in the URL', { id: EXTENSION.id, url: `chrome-extension://user:pw@${EXTENSION.id}/options.html` }, null],
    ['a user name alone in the URL', { id: EXTENSION.id, url: `chrome-extension://user@${EXTENSION.id}/options.html` }, null],
    ['a password alone in the URL', { id: EXTENSION.id, url: `chrome-extension://:pw@${EXTENSION.id}/options.html` }, null],
    ['our id, our page’s path, on a web origin', { id: EXTENSION.id, url: 'https://phish.example/options.html' }, null],
    ['our id, our page’s path, on another extension’s origin', { id: EXTENSION.id, url: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/popup.html' }, null],
    ['a URL that is an object reading as our page', { id: EXTENSION.id, url: { toString: () => `${EXTENSION.origin}/options.html` } as unknown as string }, null],
    ['an unreadable URL', { id: EXTENSION.id, url: 'not a url' }, null],
  ])('%s', (_, sender, page) => {
    expect(pageOfSender(sender, EXTENSION)).toBe(page);
  });

  it('reads Firefox’s moz-extension origin (URL.origin would be "null" there)', () => {
    const firefox = { id: 'ext@example', origin: 'moz-extension://6b1f0d2e-1111-2222-3333-444455556666' };
    expect(pageOfSender({ id: 'ext@example', url: `${firefox.origin}/review.html` }, firefox)).toBe('review');
  });
});

describe('which page may call what', () => {
  it('lists exactly the methods of the oracle, each with a sample', () => {
    expect(METHODS.toSorted()).toEqual(Object.keys(PAGE_RIGHTS).toSorted());
    expect(Object.keys(SAMPLE_ARGS).toSorted()).toEqual(METHODS.toSorted());
  });

  const cells = METHODS.flatMap((method) => PAGES.map((page) => [method, page, PAGE_RIGHTS[method].includes(page)] as const));
  it.each(cells)('%s from the %s page: allowed %s', async (method, page, allowed) => {
    const { service, calls } = echoService();
    const { handle, refusals } = handlerWith(service);
    const answer = await handle(callOf(method, SAMPLE_ARGS[method]), from(page));
    if (allowed) {
      expect(answer).toEqual({ ok: true, value: { echoed: SAMPLE_ARGS[method] } });
      expect(calls).toEqual([method]);
    } else {
      expect(answer).toEqual({ ok: false, error: 'refused' });
      expect(calls).toEqual([]);
      expect(refusals).toEqual([['page', method, page]]);
    }
  });
});

describe('what is refused or ignored', () => {
  it.each([
    ['the menu’s report (not for pages)', 'reports.reportTab'],
    ['the menu’s selection review', 'reports.reviewSelection'],
    ['the outbox’s own resend', 'reports.sendWaiting'],
    ['the policy’s connection', 'connection.applyManaged'],
    ['a method the service does not have', 'reports.prepareTabDraft'],
    ['an object’s own properties', 'reports.constructor'],
    ['the prototype', '__proto__'],
    ['a bare area', 'connection'],
    ['no method', undefined],
  ])('%s (%s) is refused, and nothing is called', async (_, method) => {
    const { service, calls } = echoService();
    const { handle, refusals } = handlerWith(service);
    expect(await handle(callOf(method as string, []), from('options'))).toEqual({ ok: false, error: 'refused' });
    expect(calls).toEqual([]);
    expect(refusals).toEqual([['unknown_method', method ?? '', 'options']]);
  });

  it.each([
    ['a message of another protocol', { type: 'connection.forget', data: [] }],
    ['a string', 'connection.forget'],
    ['null', null],
    ['nothing', undefined],
    ['a channel that only looks like ours', { channel: `${CALL_CHANNEL} `, method: 'connection.forget', args: [] }],
  ])('%s is ignored: no answer, so another listener may answer', async (_, message) => {
    const { service, calls } = echoService();
    const { handle, refusals } = handlerWith(service);
    expect(handle(message, from('options'))).toBeUndefined();
    expect(calls).toEqual([]);
    expect(refusals).toEqual([]);
  });

  it('a call from outside the extension gets no answer at all, and is noted', async () => {
    const { service, calls } = echoService();
    const { handle, refusals } = handlerWith(service);
    expect(handle(callOf('connection.forget', []), { id: EXTENSION.id, url: 'https://phish.example/' })).toBeUndefined();
    expect(calls).toEqual([]);
    expect(refusals).toEqual([['sender', 'connection.forget', null]]);
  });

  it.each<[string, RoutedPath, unknown]>([
    ['a missing argument', 'reports.submit', []],
    ['an extra argument', 'reports.submit', ['rep_1', 'rep_2']],
    ['arguments that are not a list', 'reports.submit', 'rep_1'],
    ['an empty id', 'reports.submit', ['']],
    ['a number for an id', 'incidents.extras', [42]],
    ['an unknown follow-up', 'reports.followUp', ['inc_1', 'rep_1', { kind: 'delete' }]],
    ['an empty comment', 'incidents.act', ['inc_1', { kind: 'comment', comment: '' }]],
    ['an extra field', 'connection.save', [{ baseUrl: 'https://api.example.com', isAdmin: true }]],
    ['a negative tab', 'reports.startTabDraft', [-1]],
    ['a menu origin for a page draft', 'reports.startTabDraft', [3, 'menu']],
    ['a page of documents past the limit', 'account.documents', [{ limit: 201 }]],
    ['a key of the wrong type', 'connection.save', [{ baseUrl: 'https://api.example.com', apiKey: 12345 }]],
    ['a live flag as a string', 'connection.getStatus', [{ live: 'true' }]],
  ])('%s is refused before the service', async (_, method, args) => {
    const { service, calls } = echoService();
    const { handle, refusals } = handlerWith(service);
    expect(await handle(callOf(method, args), from('options'))).toEqual({ ok: false, error: 'refused' });
    // From the options page: some are refused for the page first; either way nothing is called.
    expect(calls).toEqual([]);
    expect(refusals.map(([reason]) => reason)).toEqual([PAGE_RIGHTS[method].includes('options') ? 'arguments' : 'page']);
  });

  it('a call larger than the cap is refused before its schema is read', async () => {
    const { service, calls } = echoService();
    const { handle, refusals } = handlerWith(service);
    const comment = 'x'.repeat(MAX_MESSAGE_CHARS);
    expect(await handle(callOf('reports.followUp', ['inc_1', 'rep_1', { kind: 'comment', comment }]), from('popup'))).toEqual({ ok: false, error: 'refused' });
    expect(calls).toEqual([]);
    expect(refusals).toEqual([['too_large', 'reports.followUp', 'popup']]);
  });

  it('the cap counts the arguments as JSON: exactly at the cap goes on to the schema, one character more does not', async () => {
    const { service } = echoService();
    const { handle, refusals } = handlerWith(service);
    // [{"subject":"…"}]: sixteen characters around the text.
    await handle(callOf('incidents.find', [{ subject: 's'.repeat(MAX_MESSAGE_CHARS - 16) }]), from('popup'));
    await handle(callOf('incidents.find', [{ subject: 's'.repeat(MAX_MESSAGE_CHARS - 15) }]), from('popup'));
    expect(refusals.map(([reason]) => reason)).toEqual(['arguments', 'too_large']);
  });

  it('a refusal names at most the first 100 characters of the method', async () => {
    const { service } = echoService();
    const { handle, refusals } = handlerWith(service);
    await handle(callOf(`reports.${'x'.repeat(200)}`, []), from('popup'));
    expect(refusals).toEqual([['unknown_method', `reports.${'x'.repeat(92)}`, 'popup']]);
  });

  it('a comment just under the schema’s limit passes; one over it does not', async () => {
    const { service, calls } = echoService();
    const { handle } = handlerWith(service);
    const call = (length: number) => handle(callOf('incidents.act', ['inc_1', { kind: 'comment', comment: 'y'.repeat(length) }]), from('incident'));
    expect(await call(20_000)).toMatchObject({ ok: true });
    expect(await call(20_001)).toEqual({ ok: false, error: 'refused' });
    expect(calls).toEqual(['incidents.act']);
  });

  it('arguments JSON cannot write (a BigInt, a cycle) are refused', async () => {
    const { service, calls } = echoService();
    const { handle } = handlerWith(service);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const { handle: handleCounted, refusals } = handlerWith(service);
    expect(await handle(callOf('reports.submit', [10n]), from('popup'))).toEqual({ ok: false, error: 'refused' });
    expect(await handle(callOf('incidents.find', [cycle]), from('popup'))).toEqual({ ok: false, error: 'refused' });
    await handleCounted(callOf('reports.submit', [10n]), from('popup'));
    await handleCounted(callOf('incidents.find', [cycle]), from('popup'));
    await handleCounted({ channel: CALL_CHANNEL, method: 'connection.forget' }, from('options'));
    expect(refusals.map(([reason]) => reason)).toEqual(['too_large', 'too_large', 'too_large']);
    expect(calls).toEqual([]);
  });

  it('a method that throws answers "failed", with none of the error’s words', async () => {
    const secret = 'sk_live_in_an_error_message_1234';
    const service = { connection: { forget: async () => Promise.reject(new Error(`boom ${secret}`)) } } as unknown as BackgroundService;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { handle } = handlerWith(service);
    const answer = await handle(callOf('connection.forget', []), from('options'));
    expect(answer).toEqual({ ok: false, error: 'failed' });
    expect(vi.mocked(console.error).mock.calls).toEqual([['Background call connection.forget failed', 'Error']]);
  });
});
