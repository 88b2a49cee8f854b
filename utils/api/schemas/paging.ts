import * as z from 'zod/mini';
import { lenientObject } from './lenient';

/** Cursor paging of the incident list: continue with `next` until it is null or absent. */
export const CursorPaging = lenientObject({
  required: {},
  expected: { limit: z.number(), count: z.number() },
  optional: {
    /** Current position; the first page may have none. */
    cursor: z.nullable(z.string()),
    next: z.nullable(z.string()),
    /** Only with includeTotal=true. */
    total: z.number(),
  },
});
export type CursorPaging = z.infer<typeof CursorPaging>;

/** Page paging of the document list: continue until `hasMore` is false. */
export const PagePaging = lenientObject({
  required: {},
  expected: {
    page: z.number(),
    limit: z.number(),
    count: z.number(),
    total: z.number(),
    totalPages: z.number(),
    hasMore: z.boolean(),
  },
});
export type PagePaging = z.infer<typeof PagePaging>;
