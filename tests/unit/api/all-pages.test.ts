import { describe, expect, it } from 'vitest';
import { MAX_PAGES } from '@/utils/api/all-pages';
import { toApiErrorInfo } from '@/utils/api';
import { apiWith, json, rejectionOf } from './stub-fetch';

// Lists whose paging the spec does not show are read to their end, whichever
// way the service pages them (issue 19: large accounts).

const client = (n: number) => ({ id: `cl_${n}`, name: `Client ${n}`, active: true });
const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

describe('a list of unknown paging', () => {
  it('follows a cursor until the service gives none', async () => {
    const { api, requests } = apiWith((request) => {
      const { cursor } = query(request);
      if (!cursor) return json({ data: [client(1), client(2)], paging: { next: 'c2' } });
      if (cursor === 'c2') return json({ data: [client(3)], paging: { next: 'c3', cursor: 'c2' } });
      return json({ data: [client(4)], paging: { next: null } });
    });
    expect((await api.listClients()).items.map((item) => item.id)).toEqual(['cl_1', 'cl_2', 'cl_3', 'cl_4']);
    expect(requests.map(query)).toEqual([{}, { cursor: 'c2' }, { cursor: 'c3' }]);
  });

  it('follows page numbers while hasMore is true, with paging inside data too', async () => {
    const { api, requests } = apiWith((request) => {
      const page = Number(query(request).page ?? 1);
      return json({ data: { items: [client(page)], paging: { page, hasMore: page < 3 } } });
    });
    expect((await api.listClients()).items.map((item) => item.id)).toEqual(['cl_1', 'cl_2', 'cl_3']);
    expect(requests.map(query)).toEqual([{}, { page: '2' }, { page: '3' }]);
  });

  it('stops when the service repeats a cursor, and after MAX_PAGES pages at most', async () => {
    const repeating = apiWith(() => json({ data: [client(1)], paging: { next: 'same' } }));
    await repeating.api.listClients();
    expect(repeating.requests).toHaveLength(2);

    let n = 0;
    const endless = apiWith(() => json({ data: [client(++n)], paging: { next: `c${n}` } }));
    expect((await endless.api.listClients()).items).toHaveLength(MAX_PAGES);
    expect(endless.requests).toHaveLength(MAX_PAGES);
  });

  it('sums what each page skipped, and keeps the query of the first request on every page', async () => {
    const { api, requests } = apiWith((request) =>
      query(request).cursor ? json({ data: [{ id: 'inc_2', takedownAttempts: [] }, { nope: 1 }] }) : json({ data: [{ nope: 1 }, { id: 'inc_1', takedownAttempts: [] }], paging: { next: 'n' } }),
    );
    expect(await api.listResolutions({ clientId: 'cl_a' })).toEqual({
      items: [
        { id: 'inc_1', createdAt: null, takedownAttempts: [] },
        { id: 'inc_2', createdAt: null, takedownAttempts: [] },
      ],
      skipped: 2,
    });
    expect(requests.map(query)).toEqual([{ clientId: 'cl_a' }, { clientId: 'cl_a', cursor: 'n' }]);
  });

  it('fails as a whole when a later page fails: a list read in part is not shown as complete', async () => {
    const { api } = apiWith((request) => (query(request).cursor ? json({ message: 'boom' }, { status: 500 }) : json({ data: [client(1)], paging: { next: 'n' } })));
    expect(toApiErrorInfo(await rejectionOf(api.listClients()))).toMatchObject({ kind: 'server_error', status: 500 });
  });

  it('gives the resolutions and snapshots lists the incident list’s 64 MB cap, not the 8 MB default', async () => {
    // About 70,000 entries, 9 MB: a large account's resolutions list.
    const entries = Array.from({ length: 70_000 }, (_, index) => ({ id: `inc_${index}`, createdAt: '2026-01-01T00:00:00.000Z', takedownAttempts: [] }));
    const { api } = apiWith(() => json({ data: entries }));
    const read = await api.listResolutions();
    expect(read.items).toHaveLength(70_000);
    const snapshots = Array.from({ length: 20_000 }, () => ({ id: 's', html: 'x'.repeat(450) }));
    const many = apiWith(() => json({ data: snapshots }));
    expect((await many.api.listSnapshots('inc_1')).items.length).toBeGreaterThan(0);
  });
});
