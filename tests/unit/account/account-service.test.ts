import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createAccountService } from '@/utils/account/account-service';
import { ApiError } from '@/utils/api/errors';
import type { SavedConnection } from '@/utils/storage/connection-types';
import { connectionItem } from '@/utils/storage/connection';
import { usageCacheItem } from '@/utils/storage/usage-cache';

const connection: SavedConnection = {
  baseUrl: 'https://api.example',
  origin: 'https://api.example',
  keyHint: '••••0001',
  clients: [],
  clientsSource: 'clients',
  skippedClients: 0,
  verifiedAt: '2026-01-20T10:00:00.000Z',
};

const USAGE = [
  { clientId: 'cl_a', clientName: 'Acme', remainingCredits: 120 },
  { clientId: 'cl_b', clientName: 'Acme Bank', remainingCredits: 'unlimited' },
  { clientId: 'cl_c', clientName: null, remainingCredits: null },
];

function stubApi() {
  return {
    getUsage: vi.fn(async () => ({ items: USAGE, skipped: 1 })),
    listUsers: vi.fn(async () => ({ items: [{ id: 'u1', email: 'a@acme.example', roles: ['superuser'], mfaEnabled: true, createdAt: null, updatedAt: null }], skipped: 0 })),
    listDocuments: vi.fn(async () => ({
      items: [{ id: 'doc_1', clientId: 'cl_a', docType: 'loa' }],
      skipped: 0,
      paging: { page: 1, limit: 1, count: 1, total: 3, totalPages: 3, hasMore: true },
    })),
    getDocumentSignedUrl: vi.fn(async () => ({ url: 'https://files.example/doc_1?sig=abc' })),
  };
}

let clock = 1_000_000;
const now = () => clock;

beforeEach(async () => {
  fakeBrowser.reset();
  clock = 1_000_000;
  await connectionItem.setValue(connection);
});

describe('credits', () => {
  it('reads every client in the three forms, and counts what could not be read', async () => {
    const api = stubApi();
    expect(await createAccountService(api, now).usage()).toEqual({
      ok: true,
      balances: [
        { clientId: 'cl_a', clientName: 'Acme', credits: { kind: 'number', remaining: 120 } },
        { clientId: 'cl_b', clientName: 'Acme Bank', credits: { kind: 'unlimited' } },
        { clientId: 'cl_c', clientName: null, credits: { kind: 'not_metered' } },
      ],
      skipped: 1,
      readAt: 1_000_000,
    });
    expect(api.getUsage).toHaveBeenCalledWith();
  });

  it.each([
    ['a recent answer stands in', 4 * 60_000, 1],
    ['an old answer is asked again', 6 * 60_000, 2],
  ])('within the popup’s five minutes: %s', async (_name, later, calls) => {
    const api = stubApi();
    const service = createAccountService(api, now);
    await service.usage();
    clock += later;
    const again = await service.usage({ maxAgeMs: 5 * 60_000 });
    expect(again).toMatchObject({ ok: true, readAt: calls === 1 ? 1_000_000 : 1_000_000 + later });
    expect(api.getUsage).toHaveBeenCalledTimes(calls);
  });

  it('asks again when no age is allowed (the options page), and renews the cache', async () => {
    const api = stubApi();
    const service = createAccountService(api, now);
    await service.usage();
    clock += 1000;
    await service.usage();
    expect(api.getUsage).toHaveBeenCalledTimes(2);
    expect(await usageCacheItem.getValue()).toMatchObject({ connection: 'https://api.example ••••0001', readAt: 1_001_000 });
  });

  it('never shows the balances of another connection', async () => {
    const api = stubApi();
    const service = createAccountService(api, now);
    await service.usage();
    await connectionItem.setValue({ ...connection, keyHint: '••••0002' });
    await service.usage({ maxAgeMs: 5 * 60_000 });
    expect(api.getUsage).toHaveBeenCalledTimes(2);
  });

  it('says why it failed, and keeps no failure in the cache', async () => {
    const api = { ...stubApi(), getUsage: vi.fn().mockRejectedValue(new ApiError({ kind: 'server_error', status: 500 })) };
    expect(await createAccountService(api, now).usage({ maxAgeMs: 60_000 })).toEqual({ ok: false, problem: { kind: 'server_error', status: 500 } });
    expect(await usageCacheItem.getValue()).toBeNull();
  });
});

describe('users', () => {
  it('lists the users', async () => {
    expect(await createAccountService(stubApi(), now).users()).toEqual({
      ok: true,
      users: [{ id: 'u1', email: 'a@acme.example', roles: ['superuser'], mfaEnabled: true, createdAt: null, updatedAt: null }],
      skipped: 0,
    });
  });

  it('says why they could not be listed', async () => {
    const api = { ...stubApi(), listUsers: vi.fn().mockRejectedValue(new TypeError('Failed to fetch')) };
    expect(await createAccountService(api, now).users()).toEqual({ ok: false, problem: { kind: 'network' } });
  });
});

describe('documents', () => {
  it('asks for the page named (the first by default) and tells the next one and the total', async () => {
    const api = stubApi();
    const service = createAccountService(api, now);
    expect(await service.documents({ docType: 'loa', limit: 1 })).toEqual({ ok: true, documents: [{ id: 'doc_1', clientId: 'cl_a', docType: 'loa' }], skipped: 0, total: 3, nextPage: 2 });
    expect(api.listDocuments).toHaveBeenCalledWith({ docType: 'loa', limit: 1, page: 1 });
    await service.documents({ limit: 1, page: 2 });
    expect(api.listDocuments).toHaveBeenLastCalledWith({ limit: 1, page: 2 });
  });

  it.each([
    ['a 400 naming a parameter', new ApiError({ kind: 'invalid_request', status: 400, serverMessage: 'sortDir must be one of asc, desc; got "up".' }), 'sort'],
    ['a 400 naming none', new ApiError({ kind: 'invalid_request', status: 400, serverMessage: 'Bad request.' }), null],
    ['a 401 for the client', new ApiError({ kind: 'unauthorized', status: 401, clientScoped: true, serverMessage: 'Unauthorized. Please ensure client ID is valid.' }), null],
  ])('%s is placed at %j', async (_name, error, field) => {
    const api = { ...stubApi(), listDocuments: vi.fn().mockRejectedValue(error) };
    expect(await createAccountService(api, now).documents({})).toEqual({ ok: false, problem: error.info, field });
  });

  it('notes which client is a sub-client of which, from each document’s client, on the saved connection', async () => {
    await connectionItem.setValue({
      ...connection,
      clients: [
        { id: 'cl_a', name: 'Acme', active: true },
        { id: 'cl_b', name: 'Acme Bank', active: true },
        { id: 'cl_c', name: null, active: null },
      ],
    });
    const documents = [
      { id: 'doc_1', clientId: 'cl_a', docType: 'loa', client: { id: 'cl_a', name: 'Acme', parentClientId: null } },
      { id: 'doc_2', clientId: 'cl_b', docType: 'loa', client: { id: 'cl_b', name: 'Acme Bank', parentClientId: 'cl_a' } },
      // Not said, or about a client the key does not list: nothing learned.
      { id: 'doc_3', clientId: 'cl_c', docType: 'file', client: null },
      { id: 'doc_4', clientId: 'cl_z', docType: 'file', client: { id: 'cl_z', name: 'Elsewhere', parentClientId: 'cl_a' } },
    ];
    const api = { ...stubApi(), listDocuments: vi.fn(async () => ({ items: documents, skipped: 0, paging: undefined })) };
    expect(await createAccountService(api, now).documents({})).toMatchObject({ ok: true, documents });
    expect((await connectionItem.getValue())!.clients).toEqual([
      { id: 'cl_a', name: 'Acme', active: true, parentClientId: null },
      { id: 'cl_b', name: 'Acme Bank', active: true, parentClientId: 'cl_a' },
      { id: 'cl_c', name: null, active: null },
    ]);
  });

  it('learns nothing from a page that failed', async () => {
    const saved = await connectionItem.getValue();
    const api = { ...stubApi(), listDocuments: vi.fn().mockRejectedValue(new TypeError('Failed to fetch')) };
    await createAccountService(api, now).documents({});
    expect(await connectionItem.getValue()).toEqual(saved);
  });

  it('fetches a fresh signed link on every download', async () => {
    const api = stubApi();
    const service = createAccountService(api, now);
    expect(await service.signedUrl('doc_1')).toEqual({ ok: true, url: 'https://files.example/doc_1?sig=abc' });
    await service.signedUrl('doc_1');
    expect(api.getDocumentSignedUrl.mock.calls).toEqual([['doc_1'], ['doc_1']]);
  });

  it.each(['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd'])(
    'a signed link that is not http(s) (%s) is refused, never handed to the page',
    async (url) => {
      const api = { ...stubApi(), getDocumentSignedUrl: vi.fn().mockResolvedValue({ url }) };
      expect(await createAccountService(api, now).signedUrl('doc_1')).toEqual({ ok: false, problem: { kind: 'unexpected_response', target: 'download_link' } });
    },
  );

  it('a document gone reads as not found', async () => {
    const api = { ...stubApi(), getDocumentSignedUrl: vi.fn().mockRejectedValue(new ApiError({ kind: 'not_found', status: 404, target: 'document', serverMessage: 'Document not found.' })) };
    expect(await createAccountService(api, now).signedUrl('gone')).toEqual({ ok: false, problem: { kind: 'not_found', status: 404, target: 'document', serverMessage: 'Document not found.' } });
  });
});
