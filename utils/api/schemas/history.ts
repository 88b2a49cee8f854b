import * as z from 'zod/mini';

/** IncidentHistoryAuthor: who wrote a history entry, when the account enabled it. */
export const IncidentHistoryAuthor = z.object({
  /** `client`, or the operator side's value as returned. */
  type: z.string(),
  /** Set only on client entries that match unambiguously. */
  clientId: z.nullable(z.string()),
  email: z.nullable(z.string()),
  automated: z.boolean(),
});
export type IncidentHistoryAuthor = z.infer<typeof IncidentHistoryAuthor>;

/** IncidentHistory: one state-change or message entry (examples list newest first). */
export const IncidentHistory = z.object({
  timestamp: z.string(),
  message: z.string(),
  /** `Service System`, `Service`, or `Client (<sender>)`. */
  author: z.string(),
  authorDetails: z.optional(IncidentHistoryAuthor),
});
export type IncidentHistory = z.infer<typeof IncidentHistory>;
