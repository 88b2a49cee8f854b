import type * as z from 'zod/mini';
import { readList, isRecord } from './envelope';
import type { Query, RequestOptions, SendRequest } from './request';
import type { ApiTarget } from './errors';
import type { ParsedItems } from './schemas/lenient';

// Lists whose parameters and envelope the spec does not show (GET /v1/clients,
// /v1/incidents/resolutions, /v1/incident/{id}/snapshots). A large account's
// answer may still come in pages: when one says there is more — a cursor
// (`paging.next`, as the incident list does) or a page number (`hasMore`,
// as the document list does) — the next is read, until the service says the
// end, repeats itself, or MAX_PAGES is reached.

/** Guard against a service that never says the end. */
export const MAX_PAGES = 200;

/** How to ask for the page after this one, or undefined at the end. */
function nextQuery(body: unknown): Query | undefined {
  const paging = isRecord(body) ? (isRecord(body.paging) ? body.paging : isRecord(body.data) && isRecord(body.data.paging) ? body.data.paging : undefined) : undefined;
  if (!paging) return undefined;
  if (typeof paging.next === 'string' && paging.next) return { cursor: paging.next };
  if (paging.hasMore === true && typeof paging.page === 'number' && Number.isInteger(paging.page)) return { page: paging.page + 1 };
  return undefined;
}

export interface AllPagesOptions {
  plural: string;
  target?: ApiTarget;
  query?: Query;
  maxBodyBytes?: number;
}

/**
 * Every item of a list, over as many pages as the service says it has; a
 * malformed item is skipped and counted, never the list. Throws what the
 * first failing page throws: a list read in part is not shown as whole.
 */
export async function readAllPages<S extends z.ZodMiniType>(send: SendRequest, path: readonly string[], schema: S, options: AllPagesOptions): Promise<ParsedItems<z.output<S>>> {
  const items: z.output<S>[] = [];
  let skipped = 0;
  const seen = new Set<string>();
  let extra: Query = {};
  for (let page = 0; page < MAX_PAGES; page++) {
    const request: RequestOptions = {
      query: { ...options.query, ...extra },
      ...(options.target ? { target: options.target } : {}),
      ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}),
    };
    const { body } = await send([...path], request);
    const read = readList(schema, body, options.plural);
    items.push(...read.items);
    skipped += read.skipped;
    const next = nextQuery(body);
    const key = next && JSON.stringify(next);
    // A page asked for before would loop forever: that is the end.
    if (!next || !key || seen.has(key)) break;
    seen.add(key);
    extra = next;
  }
  return { items, skipped };
}
