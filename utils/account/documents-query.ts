import type { DocumentListParams } from '../api/documents';
import { DOCUMENT_TYPES, type DocumentType } from '../api/schemas/account-vocabulary';
import type { PagePaging } from '../api/schemas/paging';

// Building the GET /v1/documents query from the page's filters, checking what
// the user typed against the spec's rules (Endpoints › Documents, Limits)
// before anything is sent, and placing a 400 next to the control at fault.

export const DOCUMENT_SORT_FIELDS = ['createdAt', 'updatedAt', 'docType', 'id'] as const;
type DocumentSortField = (typeof DOCUMENT_SORT_FIELDS)[number];

/** The spec's `limit` range and default. */
export const PAGE_SIZE_RANGE = { min: 1, max: 200 } as const;
const DEFAULT_PAGE_SIZE = 50;

/** The filters as the page holds them; `pageSize` as typed. */
export interface DocumentFilters {
  /** '' for every client of the key. */
  clientId: string;
  /** None chosen: every type. */
  types: DocumentType[];
  search: string;
  sortBy: DocumentSortField;
  sortDir: 'asc' | 'desc';
  latestOnly: boolean;
  hideDeleted: boolean;
  pageSize: string;
}

export const DEFAULT_DOCUMENT_FILTERS: DocumentFilters = {
  clientId: '',
  types: [],
  search: '',
  sortBy: 'createdAt',
  sortDir: 'desc',
  latestOnly: false,
  hideDeleted: false,
  pageSize: String(DEFAULT_PAGE_SIZE),
};

/** The control a filter problem or a 400 belongs to. */
export type DocumentFilterField = 'clientId' | 'types' | 'search' | 'sort' | 'latestOnly' | 'hideDeleted' | 'pageSize' | 'page';

export type DocumentsQuery = { ok: true; params: Omit<DocumentListParams, 'page'> } | { ok: false; field: 'pageSize'; reason: 'page_size' };

/**
 * The first page's query for the filters: only what narrows the list is sent
 * (no empty `q`, no `latestOnly=false`); the order is always sent, so the list
 * is in the order the page says. A page size outside 1–200 is refused here.
 */
export function buildDocumentsQuery(filters: DocumentFilters): DocumentsQuery {
  const size = filters.pageSize.trim();
  const limit = /^\d+$/.test(size) ? Number(size) : Number.NaN;
  if (!(limit >= PAGE_SIZE_RANGE.min && limit <= PAGE_SIZE_RANGE.max)) return { ok: false, field: 'pageSize', reason: 'page_size' };
  const types = DOCUMENT_TYPES.filter((type) => filters.types.includes(type));
  const q = filters.search.trim();
  return {
    ok: true,
    params: {
      ...(filters.clientId ? { clientId: filters.clientId } : {}),
      ...(types.length > 0 ? { docType: types.join(',') } : {}),
      ...(q ? { q } : {}),
      sortBy: filters.sortBy,
      sortDir: filters.sortDir,
      ...(filters.latestOnly ? { latestOnly: true } : {}),
      ...(filters.hideDeleted ? { excludeDeleted: true } : {}),
      limit,
    },
  };
}

/** The control each query parameter comes from. */
const FIELD_OF_PARAMETER: Readonly<Partial<Record<keyof DocumentListParams, DocumentFilterField>>> = {
  clientId: 'clientId',
  docType: 'types',
  q: 'search',
  sortBy: 'sort',
  sortDir: 'sort',
  latestOnly: 'latestOnly',
  excludeDeleted: 'hideDeleted',
  limit: 'pageSize',
  page: 'page',
};

/**
 * The control a 400's message blames: the spec says the message "describes
 * the offending parameter", so the first parameter name it contains as a
 * word. Null when it names none (the error then sits by the filters as a whole).
 */
export function fieldAtFault(serverMessage: string | undefined): DocumentFilterField | null {
  if (!serverMessage) return null;
  let found: { at: number; field: DocumentFilterField } | null = null;
  for (const [parameter, field] of Object.entries(FIELD_OF_PARAMETER)) {
    const match = new RegExp(`(^|[^A-Za-z])${parameter}([^A-Za-z]|$)`).exec(serverMessage);
    const at = match ? match.index + match[1]!.length : -1;
    if (at >= 0 && (!found || at < found.at)) found = { at, field };
  }
  return found?.field ?? null;
}

/**
 * The page after `requested`, or null at the end: `hasMore` says (spec:
 * iterate until it is false); when it is unknown, `totalPages` does. No
 * paging block, or an empty page, is the end (an empty page claiming more
 * would page forever).
 */
export function nextPage(requested: number, paging: PagePaging | undefined, itemsOnPage: number): number | null {
  if (!paging || itemsOnPage === 0) return null;
  const current = Math.max(requested, paging.page ?? requested);
  const more = paging.hasMore ?? current < (paging.totalPages ?? 0);
  return more ? current + 1 : null;
}
