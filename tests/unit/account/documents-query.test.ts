import { describe, expect, it } from 'vitest';
import { buildDocumentsQuery, DEFAULT_DOCUMENT_FILTERS, fieldAtFault, nextPage, type DocumentFilters } from '@/utils/account/documents-query';
import type { PagePaging } from '@/utils/api/schemas/paging';

const filters = (changes: Partial<DocumentFilters>): DocumentFilters => ({ ...DEFAULT_DOCUMENT_FILTERS, ...changes });

describe('the documents query', () => {
  it.each<[string, Partial<DocumentFilters>, Record<string, unknown>]>([
    ['defaults: newest first, 50 a page', {}, { sortBy: 'createdAt', sortDir: 'desc', limit: 50 }],
    ['one client', { clientId: 'cl_acme' }, { clientId: 'cl_acme', sortBy: 'createdAt', sortDir: 'desc', limit: 50 }],
    ['types in the spec order, comma-separated', { types: ['file', 'loa'] }, { docType: 'loa,file', sortBy: 'createdAt', sortDir: 'desc', limit: 50 }],
    ['search trimmed', { search: '  loa-ceo ' }, { q: 'loa-ceo', sortBy: 'createdAt', sortDir: 'desc', limit: 50 }],
    ['blank search not sent', { search: '   ' }, { sortBy: 'createdAt', sortDir: 'desc', limit: 50 }],
    ['sort', { sortBy: 'docType', sortDir: 'asc' }, { sortBy: 'docType', sortDir: 'asc', limit: 50 }],
    ['switches', { latestOnly: true, hideDeleted: true }, { sortBy: 'createdAt', sortDir: 'desc', latestOnly: true, excludeDeleted: true, limit: 50 }],
    ['smallest page', { pageSize: '1' }, { sortBy: 'createdAt', sortDir: 'desc', limit: 1 }],
    ['largest page', { pageSize: ' 200 ' }, { sortBy: 'createdAt', sortDir: 'desc', limit: 200 }],
  ])('%s', (_name, changes, params) => {
    expect(buildDocumentsQuery(filters(changes))).toEqual({ ok: true, params });
  });

  it.each(['0', '201', '2.5', '-1', '', 'ten', '1e2'])('refuses the page size %j before sending', (pageSize) => {
    expect(buildDocumentsQuery(filters({ pageSize }))).toEqual({ ok: false, field: 'pageSize', reason: 'page_size' });
  });
});

describe('the control a 400 blames', () => {
  it.each([
    ['limit must be an integer from 1 to 200; got "500".', 'pageSize'],
    ['page must be an integer at least 1; got "0".', 'page'],
    ['sortBy must be one of createdAt, updatedAt, docType, id; got "size".', 'sort'],
    ['sortDir must be one of asc, desc; got "up".', 'sort'],
    ['docType must be a comma-separated list of loa, trademark_registration, exec_loa, file; "x" is not one.', 'types'],
    ['latestOnly must be true or false; got "yes".', 'latestOnly'],
    ['excludeDeleted must be true or false; got "1".', 'hideDeleted'],
    ['Invalid parameter: q', 'search'],
    ['Unauthorized. Please ensure client ID is valid.', null],
    ['clientId is not valid', 'clientId'],
    ['The request was invalid.', null],
    [undefined, null],
  ])('%j → %j', (message, field) => {
    expect(fieldAtFault(message)).toBe(field);
  });
});

describe('the next page', () => {
  const paging = (fields: Partial<PagePaging>): PagePaging => ({ page: null, limit: null, count: null, total: null, totalPages: null, hasMore: null, ...fields });
  it.each<[string, number, PagePaging | undefined, number, number | null]>([
    ['hasMore true', 1, paging({ page: 1, hasMore: true }), 3, 2],
    ['hasMore false', 2, paging({ page: 2, hasMore: false, totalPages: 9 }), 3, null],
    ['hasMore unknown, totalPages says more', 1, paging({ totalPages: 3 }), 3, 2],
    ['hasMore unknown, last of totalPages', 3, paging({ page: 3, totalPages: 3 }), 2, null],
    ['nothing known', 1, paging({}), 3, null],
    ['no paging block', 1, undefined, 3, null],
    ['an empty page that claims more', 1, paging({ hasMore: true }), 0, null],
    ['the service is ahead of the request', 1, paging({ page: 4, hasMore: true }), 3, 5],
  ])('%s', (_name, requested, pagingBlock, items, next) => {
    expect(nextPage(requested, pagingBlock, items)).toBe(next);
  });
});
