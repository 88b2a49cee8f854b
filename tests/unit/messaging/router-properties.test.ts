import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CALL_CHANNEL, PAGE_PATHS, type Page } from '@/utils/messaging/protocol';
import { createMessageHandler } from '@/utils/messaging/router';
import { ROUTES, type RoutedPath } from '@/utils/messaging/routes';
import type { MessageSenderLike } from '@/utils/messaging/sender';
import { startBackgroundServices } from '@/utils/background/services';
import { closeReportsDb } from '@/utils/storage/reports-db';
import { saveVerifiedConnection } from '@/utils/storage/connection';
import { PAGE_RIGHTS, VALID_ARGS } from './page-rights';
import { answering, KEY, SAVED } from './service-answers';
import { CHORES_AT_ONCE } from '@/utils/background/start-chores';

// Every handler, 10,000 generated calls each, against the real background
// services on a fetch that answers with the service's shapes (and errors
// echoing the key): whatever a page or anything else sends, the handler
// never throws, nothing it refuses reaches the API, nothing a page may not
// call is called, and no answer carries the key.

/** 10,000 in `npm test`; fewer under mutation testing (vitest.mutation.config.ts). */
const RUNS = Number(process.env.MUTATION_RUNS ?? 10_000);
const EXTENSION = { id: fakeBrowser.runtime.id, origin: `chrome-extension://${fakeBrowser.runtime.id}` };
const PAGES = Object.keys(PAGE_PATHS) as Page[];

const ourPage = fc.constantFrom(...PAGES).map((page) => ({ page, sender: { id: EXTENSION.id, url: `${EXTENSION.origin}${PAGE_PATHS[page]}`, origin: EXTENSION.origin } }));
const stranger: fc.Arbitrary<{ page: null; sender: MessageSenderLike | undefined }> = fc
  .oneof(
    fc.constant(undefined),
    fc.constantFrom<MessageSenderLike>(
      { id: EXTENSION.id, url: 'https://phish.example/login', origin: 'https://phish.example' },
      { id: 'other-extension-id', url: 'chrome-extension://other-extension-id/options.html' },
      { id: EXTENSION.id, url: `${EXTENSION.origin}/icon/128.png` },
      { id: EXTENSION.id, url: `${EXTENSION.origin}/options.html`, origin: 'null' },
    ),
    fc.record({
      id: fc.option(fc.string(), { nil: undefined }),
      url: fc.option(fc.webUrl(), { nil: undefined }),
      origin: fc.option(
        fc.webUrl().map((url) => new URL(url).origin),
        { nil: undefined },
      ),
    }),
  )
  .map((sender) => ({ page: null, sender }));

/** Arguments: anything at all, well-formed ones, and well-formed ones with one part replaced by anything. */
function argumentsFor(method: RoutedPath): fc.Arbitrary<unknown> {
  const valid = VALID_ARGS[method];
  const broken = fc.tuple(valid, fc.nat(), fc.anything()).map(([args, index, junk]) => {
    const copy = [...args];
    copy[index % (copy.length + 1)] = junk;
    return copy;
  });
  return fc.oneof({ arbitrary: fc.anything(), weight: 3 }, { arbitrary: fc.array(fc.anything(), { maxLength: 4 }), weight: 3 }, { arbitrary: valid, weight: 2 }, { arbitrary: broken, weight: 2 });
}

let requests = 0;
let answer = 0;
const fetchCounting = async (input: RequestInfo | URL, init?: RequestInit) => {
  requests += 1;
  return answering(() => answer++)(input, init);
};

beforeAll(async () => {
  await closeReportsDb();
  globalThis.indexedDB = new IDBFactory();
  fakeBrowser.reset();
  // The background's own log of refusals and failures is not what this test reads.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await saveVerifiedConnection(KEY, SAVED);
});
afterAll(() => closeReportsDb());

describe.each(Object.keys(ROUTES) as RoutedPath[])('%s', (method) => {
  it(`${RUNS.toLocaleString('en')} generated calls: no throw, nothing refused reaches the API, no answer carries the key`, async () => {
    const service = startBackgroundServices({ chores: CHORES_AT_ONCE, hasHostPermission: async () => true, fetch: fetchCounting as typeof fetch });
    const handle = createMessageHandler(service, { extension: EXTENSION });
    const tally = { refused: 0, ignored: 0, answered: 0 };
    await fc.assert(
      fc.asyncProperty(fc.oneof(ourPage, stranger), argumentsFor(method), async ({ page, sender }, args) => {
        // Each run starts connected: a "forget" or "save" before must not leave nothing to leak.
        if (method.startsWith('connection.')) await saveVerifiedConnection(KEY, SAVED);
        const before = requests;
        let reply: unknown;
        try {
          reply = await handle({ channel: CALL_CHANNEL, method, args }, sender);
        } catch (error) {
          throw new Error(`the handler threw: ${String(error)}`);
        }
        const allowed = page !== null && PAGE_RIGHTS[method].includes(page);
        if (reply === undefined) tally.ignored += 1;
        else if ((reply as { error?: string }).error === 'refused') tally.refused += 1;
        else tally.answered += 1;
        // A stranger gets no answer; a page gets one; a page without the right is refused.
        expect(reply === undefined).toBe(page === null);
        if (!allowed && page !== null) expect(reply).toEqual({ ok: false, error: 'refused' });
        const refusedOrIgnored = reply === undefined || (reply as { error?: string }).error === 'refused';
        if (refusedOrIgnored) expect(requests).toBe(before);
        expect(JSON.stringify(reply ?? null)).not.toContain(KEY);
      }),
      { numRuns: RUNS },
    );
    // The generators reach every branch: strangers, refusals and calls that go through.
    expect(tally.ignored).toBeGreaterThan(RUNS / 10);
    expect(tally.refused).toBeGreaterThan(RUNS / 10);
    expect(tally.answered).toBeGreaterThan(0);
  }, 120_000);

  it('well-formed calls from a page with the right are never refused', async () => {
    const service = startBackgroundServices({ chores: CHORES_AT_ONCE, hasHostPermission: async () => true, fetch: fetchCounting as typeof fetch });
    const handle = createMessageHandler(service, { extension: EXTENSION });
    const allowed = ourPage.filter(({ page }) => PAGE_RIGHTS[method].includes(page));
    await fc.assert(
      fc.asyncProperty(allowed, VALID_ARGS[method], async ({ sender }, args) => {
        expect(await handle({ channel: CALL_CHANNEL, method, args }, sender)).not.toEqual({ ok: false, error: 'refused' });
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
