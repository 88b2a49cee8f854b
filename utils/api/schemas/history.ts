import * as z from 'zod/mini';
import { lenientObject } from './lenient';

/** IncidentHistoryAuthor: who wrote a history entry, when the account enabled it. */
export const IncidentHistoryAuthor = lenientObject({
  required: {},
  expected: {
    /** `client`, or the operator side's value as returned. */
    type: z.string(),
    /** Always false on client entries; null when not said. */
    automated: z.boolean(),
  },
  optional: {
    /** Set only on client entries that match unambiguously. */
    clientId: z.nullable(z.string()),
    email: z.nullable(z.string()),
  },
});
export type IncidentHistoryAuthor = z.infer<typeof IncidentHistoryAuthor>;

/** IncidentHistory: one state-change or message entry (examples list newest first). */
export const IncidentHistory = lenientObject({
  required: { message: z.string() },
  expected: {
    timestamp: z.string(),
    /** `Service System`, `Service`, or `Client (<sender>)`. */
    author: z.string(),
  },
  optional: { authorDetails: IncidentHistoryAuthor },
});
export type IncidentHistory = z.infer<typeof IncidentHistory>;
