import { toApiErrorInfo } from '@/utils/api';
import { describe, expect, it } from 'vitest';
import type { DocumentPage, IncidentPage } from '@/utils/api';
import * as sample from './fixtures';
import { apiWith, json, rejectionOf } from './stub-fetch';

const incidentsPage = (ids: string[], paging: Record<string, unknown> | undefined) => json({ message: 'OK', data: ids.map((id) => ({ ...sample.incident(), id })), ...(paging ? { paging } : {}) });

async function collect<T>(pages: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages) all.push(page);
  return all;
}

describe('listIncidents', () => {
  it('returns the items, the paging and how many items were skipped', async () => {
    const { id: _id, ...broken } = sample.incident();
    const { api } = apiWith(() =>
      json({
        message: 'OK',
        data: [sample.incident(), broken, { ...sample.incident(), id: 'inc_2', status: 'new_status' }],
        paging: { cursor: 'inc_2', next: 'inc_2', limit: 3, count: 3, total: 10 },
      }),
    );

    const page = await api.listIncidents({ limit: 3, includeTotal: true });

    expect(page).toEqual({
      items: [sample.incident(), { ...sample.incident(), id: 'inc_2', status: 'new_status' }],
      skipped: 1,
      paging: { cursor: 'inc_2', next: 'inc_2', limit: 3, count: 3, total: 10 },
    });
  });

  it('treats a missing paging block as the last page', async () => {
    const { api } = apiWith(() => incidentsPage(['a'], undefined));

    expect(await api.listIncidents()).toEqual({ items: [{ ...sample.incident(), id: 'a' }], skipped: 0, paging: undefined });
  });

  it('fails as unexpected_response when data is not a list', async () => {
    const { api } = apiWith(() => json({ message: 'OK', data: { id: 'x' } }));

    expect(toApiErrorInfo(await rejectionOf(api.listIncidents()))).toEqual({ kind: 'unexpected_response', target: 'list' });
  });

  it.each<[string, unknown, unknown]>([
    ['a paging block with only next', { next: 'inc_9' }, { next: 'inc_9', limit: null, count: null }],
    ['a malformed next', { next: 5, limit: 2, count: 1 }, { limit: 2, count: 1 }],
    ['null limit and count', { cursor: 'a', next: null, limit: null, count: null }, { cursor: 'a', next: null, limit: null, count: null }],
    ['a paging block that is not an object', 'page 2', undefined],
    ['a null paging block', null, undefined],
    ['a paging block that is an array', [{ next: 'inc_2' }], undefined],
    ['a malformed limit', { next: 'inc_2', limit: '2', count: 1 }, { next: 'inc_2', limit: null, count: 1 }],
  ])('keeps the items when the paging block has %s', async (_name, paging, read) => {
    const { api } = apiWith(() => json({ message: 'OK', data: [{ id: 'inc_1' }], paging }));

    const page = await api.listIncidents();

    expect(page.items.map((item) => item.id)).toEqual(['inc_1']);
    expect(page.paging).toEqual(read);
  });
});

describe('iterateIncidents', () => {
  it('follows paging.next as cursor across three pages until next is null', async () => {
    const pages = [
      incidentsPage(['a', 'b'], { next: 'b', limit: 2, count: 2 }),
      incidentsPage(['c', 'd'], { cursor: 'b', next: 'd', limit: 2, count: 2 }),
      incidentsPage(['e'], { cursor: 'd', next: null, limit: 2, count: 1 }),
    ];
    const { api, requests } = apiWith((_request, index) => pages[index]!);

    const result = await collect(api.iterateIncidents({ limit: 2, status: 'closed' }));

    expect(result.flatMap((page: IncidentPage) => page.items.map((item) => item.id))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(requests.map((request) => new URL(request.url).search)).toEqual(['?limit=2&status=closed', '?limit=2&status=closed&cursor=b', '?limit=2&status=closed&cursor=d']);
  });

  it.each<[string, Record<string, unknown> | undefined]>([
    ['next is absent', { limit: 2, count: 1 }],
    ['next is malformed', { next: 42, limit: 2, count: 1 }],
    ['next is empty', { next: '', limit: 2, count: 1 }],
    ['there is no paging block', undefined],
  ])('stops when %s', async (_name, paging) => {
    const { api, requests } = apiWith(() => incidentsPage(['a'], paging));

    expect((await collect(api.iterateIncidents())).map((page) => page.items.map((item) => item.id))).toEqual([['a']]);
    expect(requests).toHaveLength(1);
  });

  it('stops instead of looping when the service repeats a cursor', async () => {
    const pages = [
      incidentsPage(['a'], { next: 'x', limit: 1, count: 1 }),
      incidentsPage(['b'], { cursor: 'x', next: 'y', limit: 1, count: 1 }),
      incidentsPage(['c'], { cursor: 'y', next: 'x', limit: 1, count: 1 }),
    ];
    const { api, requests } = apiWith((_request, index) => pages[index] ?? incidentsPage(['again'], { next: 'x', limit: 1, count: 1 }));

    const result = await collect(api.iterateIncidents({ limit: 1 }));

    expect(result.flatMap((page) => page.items.map((item) => item.id))).toEqual(['a', 'b', 'c']);
    expect(requests).toHaveLength(3);
  });

  it('stops when the next cursor equals the one it started from', async () => {
    const { api, requests } = apiWith(() => incidentsPage(['a'], { cursor: 'start', next: 'start', limit: 1, count: 1 }));

    await collect(api.iterateIncidents({ cursor: 'start' }));

    expect(requests).toHaveLength(1);
  });

  it('passes an error of a later page to the caller, after the pages before it', async () => {
    const { api } = apiWith((_request, index) => (index === 0 ? incidentsPage(['a'], { next: 'a', limit: 1, count: 1 }) : new Response('', { status: 503 })));
    const seen: string[] = [];

    const error = await rejectionOf(
      (async () => {
        for await (const page of api.iterateIncidents()) seen.push(...page.items.map((item) => item.id));
      })(),
    );

    expect(seen).toEqual(['a']);
    expect(toApiErrorInfo(error)).toEqual({ kind: 'server_error', status: 503 });
  });
});

describe('iterateDocuments', () => {
  const documentsPage = (page: number, hasMore: boolean, ids: string[]) =>
    json({
      message: 'OK',
      data: ids.map((id) => ({ ...sample.accountDocument(), id })),
      paging: { page, limit: 2, count: ids.length, total: 5, totalPages: 3, hasMore },
    });

  it('asks for page after page until hasMore is false', async () => {
    const pages = [documentsPage(1, true, ['d1', 'd2']), documentsPage(2, true, ['d3', 'd4']), documentsPage(3, false, ['d5'])];
    const { api, requests } = apiWith((_request, index) => pages[index]!);

    const result = await collect(api.iterateDocuments({ limit: 2 }));

    expect(result.flatMap((page: DocumentPage) => page.items.map((item) => item.id))).toEqual(['d1', 'd2', 'd3', 'd4', 'd5']);
    expect(requests.map((request) => new URL(request.url).search)).toEqual(['?limit=2&page=1', '?limit=2&page=2', '?limit=2&page=3']);
  });

  it('stops on an empty page that still claims more', async () => {
    const { api, requests } = apiWith(() => documentsPage(1, true, []));

    await collect(api.iterateDocuments());

    expect(requests).toHaveLength(1);
  });

  const withPaging = (paging: unknown) => json({ message: 'OK', data: [{ id: 'd' }], paging });

  it.each<[string, unknown[], string[]]>([
    [
      'hasMore unknown: goes on while page < totalPages',
      [
        { page: 1, totalPages: 2 },
        { page: 2, totalPages: 2 },
      ],
      ['?page=1', '?page=2'],
    ],
    ['hasMore unknown and totalPages unknown: stops', [{ page: 1 }], ['?page=1']],
    ['hasMore unknown, page unknown: counts from the page asked for', [{ totalPages: 2 }, { totalPages: 2 }], ['?page=1', '?page=2']],
    [
      'hasMore true beats totalPages',
      [
        { page: 1, totalPages: 1, hasMore: true },
        { page: 2, hasMore: false },
      ],
      ['?page=1', '?page=2'],
    ],
    ['hasMore false beats totalPages', [{ page: 1, totalPages: 5, hasMore: false }], ['?page=1']],
    ['no paging block: the last page', [undefined], ['?page=1']],
    ['an unreadable paging block: the last page', ['page 1 of 3'], ['?page=1']],
    [
      'hasMore malformed, so unknown: totalPages decides',
      [
        { page: 1, totalPages: 2, hasMore: 'yes' },
        { page: 2, totalPages: 2, hasMore: 'no' },
      ],
      ['?page=1', '?page=2'],
    ],
    [
      'a page number behind the one asked for',
      [
        { page: 1, hasMore: true },
        { page: 1, hasMore: true },
        { page: 3, hasMore: false },
      ],
      ['?page=1', '?page=2', '?page=3'],
    ],
  ])('%s', async (_name, pagings, searches) => {
    const { api, requests } = apiWith((_request, index) => withPaging(pagings[index]));

    await collect(api.iterateDocuments());

    expect(requests.map((request) => new URL(request.url).search)).toEqual(searches);
  });
});
