import * as z from 'zod/mini';

/** Cursor paging of the incident list: continue with `next` until it is null or absent. */
export const CursorPaging = z.object({
  /** Current position; the first page may have none. */
  cursor: z.nullish(z.string()),
  next: z.nullish(z.string()),
  limit: z.number(),
  count: z.number(),
  /** Only with includeTotal=true. */
  total: z.optional(z.number()),
});
export type CursorPaging = z.infer<typeof CursorPaging>;

/** Page paging of the document list: continue until `hasMore` is false. */
export const PagePaging = z.object({
  page: z.number(),
  limit: z.number(),
  count: z.number(),
  total: z.number(),
  totalPages: z.number(),
  hasMore: z.boolean(),
});
export type PagePaging = z.infer<typeof PagePaging>;
