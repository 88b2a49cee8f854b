import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createIncidentApi } from '@/utils/api/client';
import { accountOf, belongsToAccount, sameAccount, type AccountRef } from '@/utils/storage/account-ref';
import { createConnectedApi } from '@/utils/connection/connected-api';
import { createConnectionService } from '@/utils/connection/connection-service';
import { queueDraft, startSending } from '@/utils/report/outbox';
import { createDraft } from '@/utils/report/outbox-pages';
import type { OutboxReport } from '@/utils/storage/report-types';
import { saveVerifiedConnection } from '@/utils/storage/connection';
import { closeReportsDb, getReport, putReport } from '@/utils/storage/reports-db';
import { json, stubFetch } from '../api/stub-fetch';
import { newReport } from '../report/fixtures';

const ACME: AccountRef = { origin: 'https://api.example.com', clientIds: ['cl_acme', 'cl_acme_bank'] };

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  fakeBrowser.reset();
});
afterEach(async () => {
  await closeReportsDb();
});

describe('accounts', () => {
  it('are the origin and the sorted client ids of a connection', () => {
    expect(
      accountOf({
        origin: 'https://api.example.com',
        clients: [
          { id: 'cl_b', name: null, active: null },
          { id: null, name: 'Bare', active: null },
          { id: 'cl_a', name: null, active: true },
        ],
      }),
    ).toEqual({ origin: 'https://api.example.com', clientIds: ['cl_a', 'cl_b'] });
    expect(accountOf(null)).toBeUndefined();
  });

  it.each<[string, AccountRef, boolean]>([
    ['the same clients', { ...ACME }, true],
    ['a sub-client added', { ...ACME, clientIds: ['cl_acme', 'cl_acme_bank', 'cl_acme_new'] }, true],
    ['one client in common', { ...ACME, clientIds: ['cl_acme_bank'] }, true],
    ['no client in common', { ...ACME, clientIds: ['cl_globex'] }, false],
    ['another service', { origin: 'https://other.example', clientIds: ['cl_acme'] }, false],
    ['no client ids named', { ...ACME, clientIds: [] }, true],
  ])('%s: same account is %s', (_name, other, same) => {
    expect(sameAccount(ACME, other)).toBe(same);
    expect(sameAccount(other, ACME)).toBe(same);
  });

  it.each<[string, Pick<OutboxReport, 'account'>, AccountRef | undefined, boolean]>([
    ['a report of this account', { account: ACME }, ACME, true],
    ['a report of another account', { account: { origin: ACME.origin, clientIds: ['cl_globex'] } }, ACME, false],
    ['a report from before accounts were kept', {}, ACME, true],
    ['any report when not connected', { account: ACME }, undefined, true],
  ])('%s belongs: %s', (_name, report, current, belongs) => {
    expect(belongsToAccount(report, current)).toBe(belongs);
  });

  it('a report starting to send records the account it goes to', async () => {
    await saveVerifiedConnection('good_key_1111', {
      baseUrl: 'https://api.example.com',
      origin: 'https://api.example.com',
      keyHint: '••••1111',
      clients: [{ id: 'cl_acme', name: 'Acme', active: true }],
      clientsSource: 'clients',
      skippedClients: 0,
      verifiedAt: 'x',
    });
    const draft = await createDraft(newReport());
    await queueDraft(draft.id);
    await startSending(draft.id);
    expect((await getReport(draft.id))?.account).toEqual({ origin: 'https://api.example.com', clientIds: ['cl_acme'] });
  });

  it('a key for another account keeps the old account’s reports apart, and says how many', async () => {
    const clients = { current: [{ id: 'cl_acme', name: 'Acme', active: true }] };
    const { fetch } = stubFetch((request) => (new URL(request.url).pathname.endsWith('/v1/clients') ? json({ data: clients.current }) : json({ message: 'OK' })));
    const connection = createConnectionService({
      createApi: (options) => createIncidentApi({ ...options, fetch }),
      connectedApi: createConnectedApi({ hasHostPermission: async () => true, fetch }),
      hasHostPermission: async () => true,
      loadPolicy: async () => ({ settings: {}, evidence: {} }),
    });
    expect(await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'acme_key_1111' })).not.toHaveProperty('reportsKeptApart');
    const base = {
      createdAt: 'a',
      updatedAt: 'a',
      action: 'tkd' as const,
      subject: { type: 'url' as const, value: 'https://x.example/' },
      fields: {},
      files: [],
      origin: 'popup' as const,
      attempts: 1,
    };
    await putReport({ ...base, id: 'legacy', state: 'sent' });
    await putReport({ ...base, id: 'stamped', state: 'failed', account: { origin: 'https://api.example.com', clientIds: ['cl_acme'] } });
    await putReport({ ...base, id: 'draft', state: 'draft' });

    // The same account again (a sub-client added): nothing kept apart.
    clients.current = [
      { id: 'cl_acme', name: 'Acme', active: true },
      { id: 'cl_acme_new', name: 'New', active: true },
    ];
    expect(await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'acme_key_2222' })).not.toHaveProperty('reportsKeptApart');

    clients.current = [{ id: 'cl_globex', name: 'Globex', active: true }];
    expect(await connection.save({ baseUrl: 'https://api.example.com', apiKey: 'globex_key_3333' })).toMatchObject({ ok: true, reportsKeptApart: 2 });
    expect((await getReport('legacy'))?.account).toEqual({ origin: 'https://api.example.com', clientIds: ['cl_acme', 'cl_acme_new'] });
    expect((await getReport('draft'))?.account).toBeUndefined();
  });
});
