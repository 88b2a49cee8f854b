import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_REMOVED } from '@/utils/api/request';
import { queueDraft } from '@/utils/report/outbox';
import { createDraft } from '@/utils/report/outbox-pages';
import { sendQueuedReport } from '@/utils/report/send';
import { closeReportsDb, getReport } from '@/utils/storage/reports-db';
import { newReport, T0 } from '../report/fixtures';
import { apiWith, json } from './stub-fetch';

// A success answer that quotes the key: the words a page shows, a report
// keeps in its outcome and a backup exports hold no key (issue 39).

const KEY = 'sk_live/9f8e7d6c+5b4a3928?1706f5e4';
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The key as a service may echo it. */
const ECHOES: [string, string][] = [
  ['as sent', KEY],
  ['percent-encoded', encodeURIComponent(KEY)],
  ['percent-encoded in lower case', encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase())],
  ['in base64', base64(KEY)],
  ['in base64url', base64(KEY).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')],
];

/** True when `text` holds the key in any of its echoed forms. */
const holdsKey = (text: string) => ECHOES.some(([, form]) => text.includes(form.slice(0, 16)));

const api = (body: unknown) => apiWith(() => json(body), { apiKey: KEY }).api;

describe('a success answer quoting the key', () => {
  it.each(ECHOES)('the key %s is out of what each call returns', async (_, echo) => {
    const message = `Accepted for key ${echo}.`;
    const results = [
      await api({ message, id: 'inc_1', url: 'https://dash.example/inc_1' }).reportForTakedown({ url: 'https://phish.example/' }),
      await api({ message }).reportForMonitoring({ url: 'https://phish.example/' }),
      await api({ message, id: 'inc_1' }).attachFiles('inc_1', [new File(['x'], 'a.txt', { type: 'text/plain' })]),
      await api({ message }).commentOnIncident('inc_1', 'More evidence attached.'),
      await api({ message, data: { message } }).testWebhook('wh_1'),
    ];
    for (const result of results) {
      expect(holdsKey(JSON.stringify(result))).toBe(false);
      expect(JSON.stringify(result)).toContain(`Accepted for key ${KEY_REMOVED}.`);
    }
  });

  it('a key nested in the data of an answer is taken out too, and other words stay', async () => {
    const result = await api({ message: 'OK', data: { history: [{ message: `Key ${KEY} noted`, author: 'Service' }], note: 'nothing' } }).approveTakedown('inc_1');
    expect(result).toEqual({ message: 'OK', data: { history: [{ message: `Key ${KEY_REMOVED} noted`, author: 'Service' }], note: 'nothing' } });
  });
});

describe('a report whose success answer quotes the key', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });
  afterEach(async () => {
    await closeReportsDb();
  });

  it.each(ECHOES)('keeps no key (%s) in its stored outcome', async (_, echo) => {
    const draft = await createDraft(newReport(), T0);
    await queueDraft(draft.id);
    const client = apiWith(() => json({ message: `Reported with key ${echo}`, id: 'inc_9', url: 'https://dash.example/inc_9' }), { apiKey: KEY }).api;

    expect((await sendQueuedReport(client, draft.id, { online: true })).ok).toBe(true);

    const stored = await getReport(draft.id);
    expect(stored?.outcome).toMatchObject({ status: 'reported', id: 'inc_9', message: `Reported with key ${KEY_REMOVED}` });
    expect(holdsKey(JSON.stringify(stored))).toBe(false);
  });
});
