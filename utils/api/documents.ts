import { dataOf, isRecord, readList, readPaging, readRecord, unexpectedResponse } from './envelope';
import type { SendRequest } from './request';
import { AccountDocument } from './schemas/document';
import type { ParsedItems } from './schemas/lenient';
import { PagePaging } from './schemas/paging';

/** Query of GET /v1/documents; every field optional. */
export interface DocumentListParams {
  clientId?: string;
  /** Comma-separated DOCUMENT_TYPES. */
  docType?: string;
  executiveId?: string;
  /** Free-text search over metadata such as the file name. */
  q?: string;
  sortBy?: 'createdAt' | 'updatedAt' | 'docType' | 'id';
  sortDir?: 'asc' | 'desc';
  latestOnly?: boolean;
  excludeDeleted?: boolean;
  /** 1 to 200; default 50. */
  limit?: number;
  /** 1-indexed; default 1. */
  page?: number;
}

/** One page of documents; malformed items are skipped and counted. */
export interface DocumentPage extends ParsedItems<AccountDocument> {
  /** Undefined when the answer carried no paging block: then it is the last page. */
  paging: PagePaging | undefined;
}

/** `data.signedUrl`, `data.url`, `signedUrl`, `url`, or `data` as a string: the shape is not shown. */
function readSignedUrl(body: unknown): { url: string } {
  const data = dataOf(body);
  const candidates = [data, isRecord(data) ? data.signedUrl : undefined, isRecord(data) ? data.url : undefined, isRecord(body) ? body.signedUrl : undefined, isRecord(body) ? body.url : undefined];
  const url = candidates.find((value): value is string => typeof value === 'string' && value !== '');
  if (!url) throw unexpectedResponse('download_link');
  return { url };
}

/** Whether another page follows: `hasMore`, or when it is unknown, `totalPages`. */
function hasMorePages(paging: PagePaging, requested: number): boolean {
  if (paging.hasMore !== null) return paging.hasMore;
  return (paging.page ?? requested) < (paging.totalPages ?? 0);
}

/** The document endpoints (spec: Endpoints › Documents). */
export function documentEndpoints(send: SendRequest) {
  const listDocuments = async (params: DocumentListParams = {}): Promise<DocumentPage> => {
    const { body } = await send(['documents'], { query: { ...params } });
    return { ...readList(AccountDocument, body, 'documents'), paging: readPaging(PagePaging, body) };
  };

  return {
    /** Lists one page of documents on file (GET /v1/documents). */
    listDocuments,

    /**
     * Yields every page of documents until `paging.hasMore` is false (or a page
     * comes back empty). When `hasMore` is unknown, it goes on while
     * `totalPages` says there are more.
     */
    async *iterateDocuments(params: DocumentListParams = {}): AsyncGenerator<DocumentPage, void, undefined> {
      let page = params.page ?? 1;
      for (;;) {
        const result = await listDocuments({ ...params, page });
        yield result;
        const { paging } = result;
        // No paging block: the last page. An empty page that claims more would loop forever.
        if (!paging || !hasMorePages(paging, page) || result.items.length + result.skipped === 0) return;
        page = Math.max(page, paging.page ?? page) + 1;
      }
    },

    /** Fetches one document with a fresh signed download link (GET /v1/documents/{id}). */
    async getDocument(id: string): Promise<AccountDocument> {
      const { body } = await send(['documents', id], { target: 'document' });
      return readRecord(AccountDocument, body, 'document');
    },

    /** Fetches a fresh short-lived download link for a document (GET /v1/documents/{id}/signed-url). */
    async getDocumentSignedUrl(id: string): Promise<{ url: string }> {
      const { body } = await send(['documents', id, 'signed-url'], { target: 'document' });
      return readSignedUrl(body);
    },
  };
}
