import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from './server.ts';
import { useSandbox } from './test-helpers.ts';

const h = useSandbox();

interface Doc {
  id: string;
  docType: string;
  clientId: string;
  createdAt: string | null;
  deletedAt?: string | null;
  client: unknown;
}

describe('GET /v1/documents parameters', () => {
  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=ten', 'limit'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['latestOnly=1', 'latestOnly'],
    ['excludeDeleted=TRUE', 'excludeDeleted'],
    ['docType=passport', 'docType'],
    ['docType=loa,passport', 'passport'],
    ['sortBy=name', 'sortBy'],
    ['sortDir=up', 'sortDir'],
  ])('?%s → 400 naming %s', async (query, field) => {
    const res = await h.api(`/v1/documents?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  it('accepts the boundaries limit=1, limit=200 and page beyond the end', async () => {
    expect((await h.api('/v1/documents?limit=1')).body.paging).toMatchObject({ limit: 1, count: 1, total: 8, totalPages: 8, hasMore: true });
    expect((await h.api('/v1/documents?limit=200')).body.paging).toMatchObject({ limit: 200, count: 8, hasMore: false });
    expect((await h.api('/v1/documents?page=9')).body).toMatchObject({ data: [], paging: { page: 9, count: 0, hasMore: false } });
  });
});

describe('GET /v1/documents paging and filters', () => {
  it('pages until hasMore is false and sees every document once', async () => {
    const seen: Doc[] = [];
    let page = 1;
    for (;;) {
      const res = await h.api(`/v1/documents?limit=3&page=${page}`);
      expect(res.body.paging).toMatchObject({ page, limit: 3, total: 8, totalPages: 3, count: res.body.data.length });
      seen.push(...res.body.data);
      if (!res.body.paging.hasMore) break;
      page += 1;
    }
    expect(page).toBe(3);
    expect(new Set(seen.map((d) => d.id)).size).toBe(8);
    expect(new Set(seen.map((d) => d.docType))).toEqual(new Set(['loa', 'trademark_registration', 'exec_loa', 'file']));
    const created = seen.map((d) => d.createdAt ?? '');
    expect([...created].sort().reverse()).toEqual(created);
  });

  it.each([
    ['docType=loa,exec_loa&clientId=cl_acme', ['88231', 'doc_5Lr8Qa1', 'doc_5Lr8Qa2', 'doc_Bk2']],
    ['latestOnly=true&clientId=cl_acme', ['0c9d7e4a-61b2-4f0e-8a3c-5d2e9f1b7a60', 'doc_5Lr8Qa2', 'doc_Bk2']],
    ['excludeDeleted=true&clientId=cl_acme&docType=loa', ['doc_5Lr8Qa2']],
    ['executiveId=exec_ceo_001', ['88231']],
    ['q=RENEWED', ['doc_5Lr8Qa2']],
  ])('?%s', async (query, ids) => {
    const res = await h.api(`/v1/documents?${query}`);
    expect(res.body.data.map((d: Doc) => d.id).sort()).toEqual(ids);
  });

  it('sorts ascending by id when asked', async () => {
    const res = await h.api('/v1/documents?sortBy=id&sortDir=asc');
    const ids = res.body.data.map((d: Doc) => d.id);
    expect(ids).toEqual([...ids].sort());
  });

  it('serves a null client and scopes to the key', async () => {
    const travel = await h.api('/v1/documents?clientId=cl_acme_travel');
    expect(travel.body.data[0].client).toBeNull();
    const globex = await h.api('/v1/documents', { key: DEMO_KEYS.single });
    expect(globex.body.data.map((d: Doc) => d.clientId)).toEqual(['cl_globex', 'cl_globex', 'cl_globex']);
  });
});

describe('document detail and signed URLs', () => {
  it('returns the document with a signed URL that downloads', async () => {
    const res = await h.api('/v1/documents/doc_5Lr8Qa2');
    expect(res.body.data).toMatchObject({ id: 'doc_5Lr8Qa2', docType: 'loa', fileName: 'acme-loa-2025-renewed.pdf', client: { id: 'cl_acme', name: 'Acme Holdings', parentClientId: null } });
    const signed = res.body.data.signedUrl as string;
    expect(signed).toMatch(new RegExp(`^${h.sbx.baseUrl}/__sandbox/files/doc_5Lr8Qa2\\?sig=[0-9a-f]{64}&expires=\\d+$`));
    const file = await fetch(signed);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect((await file.text()).startsWith('%PDF')).toBe(true);
    expect((await fetch(signed.replace(/sig=[0-9a-f]/, 'sig=x'))).status).toBe(403);
  });

  it('issues a fresh link from signed-url', async () => {
    const res = await h.api('/v1/documents/88231/signed-url');
    expect(res.body).toEqual({ message: 'OK', data: { signedUrl: expect.stringContaining('/__sandbox/files/88231?sig=') } });
    expect((await fetch(res.body.data.signedUrl)).status).toBe(200);
  });

  it.each([['/v1/documents/doc_nope'], ['/v1/documents/doc_GX01'], ['/v1/documents/doc_GX01/signed-url']])('%s → 404 Document not found.', async (path) => {
    expect(await h.api(path)).toMatchObject({ status: 404, body: { message: 'Document not found.' } });
  });
});
