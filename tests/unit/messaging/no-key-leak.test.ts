import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { KEY_REMOVED, withoutKey } from '@/utils/api/request';
import type { BackgroundService } from '@/utils/messaging/background-service';
import { startBackgroundServices } from '@/utils/background/services';
import { closeReportsDb } from '@/utils/storage/reports-db';
import { saveVerifiedConnection } from '@/utils/storage/connection';
import { answering, KEY, SAVED } from './service-answers';
import { CHORES_AT_ONCE } from '@/utils/background/start-chores';

// The key never leaves the background: whatever a page asks, with whatever
// arguments, and whatever the service answers (even an error message that
// echoes the key), no answer and no error a page receives carries it.

/** Every method of every service, as `service.method`. */
function methodsOf(service: BackgroundService): [string, (...args: unknown[]) => unknown][] {
  return Object.entries(service).flatMap(([name, part]) =>
    Object.entries(part as Record<string, unknown>)
      .filter((entry): entry is [string, (...args: unknown[]) => unknown] => typeof entry[1] === 'function')
      .map(([method, call]) => [`${name}.${method}`, call] as [string, (...args: unknown[]) => unknown]),
  );
}

/** Everything a page would receive from a call: its answer, or the error's name, message and data. */
async function whatAPageSees(call: () => unknown): Promise<string> {
  try {
    return JSON.stringify((await Promise.race([call(), new Promise((resolve) => setTimeout(() => resolve('(still running)'), 2_000))])) ?? null);
  } catch (error) {
    return JSON.stringify({ name: (error as Error)?.name, message: (error as Error)?.message, data: error });
  }
}

beforeEach(async () => {
  await closeReportsDb();
  globalThis.indexedDB = new IDBFactory();
  fakeBrowser.reset();
  await saveVerifiedConnection(KEY, SAVED);
});

describe('the API key', () => {
  it('is taken out of any server message that echoes it', () => {
    expect(withoutKey(`Invalid key ${KEY}, and again ${KEY}.`, KEY)).toBe(`Invalid key ${KEY_REMOVED}, and again ${KEY_REMOVED}.`);
    expect(withoutKey('Nothing to hide.', KEY)).toBe('Nothing to hide.');
    expect(withoutKey(undefined, KEY)).toBeUndefined();
    expect(withoutKey('message', '')).toBe('message');
  });

  it('is in no answer and no error of any background method, whatever the arguments and the service’s answer', async () => {
    let answer = 0;
    const service = startBackgroundServices({ chores: CHORES_AT_ONCE, hasHostPermission: async () => true, fetch: answering(() => answer++) as typeof fetch });
    const methods = methodsOf(service);
    expect(methods.length).toBeGreaterThan(15);
    const argument = fc.oneof(
      fc.anything(),
      fc.record({ subject: fc.string(), id: fc.string(), baseUrl: fc.constantFrom('https://api.example.com', 'https://other.example'), clientId: fc.constantFrom('cl_acme', undefined) }),
      fc.constantFrom('inc_1', 'https://phish.example/login', { live: true }, { live: false }, { id: 'inc_1' }, { subject: 'https://phish.example/' }),
    );
    const seen: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...methods), fc.array(argument, { maxLength: 3 }), fc.nat(), async ([name, call], args, start) => {
        answer = start;
        // Each run starts connected: an earlier "forget" or "save" must not leave nothing to leak.
        await saveVerifiedConnection(KEY, SAVED);
        // A key typed into the options page is as secret as the saved one.
        const typedKeys = args.flatMap((arg) => (typeof arg === 'object' && arg && typeof (arg as { apiKey?: unknown }).apiKey === 'string' ? [(arg as { apiKey: string }).apiKey] : []));
        const seenByPage = await whatAPageSees(() => call(...args));
        seen.push(name);
        expect(seenByPage).not.toContain(KEY);
        for (const typed of typedKeys) if (typed.length >= 12) expect(seenByPage).not.toContain(typed);
      }),
      { numRuns: 300 },
    );
    // Every method was tried at least once.
    expect(new Set(seen)).toEqual(new Set(methods.map(([name]) => name)));
  }, 120_000);
});
