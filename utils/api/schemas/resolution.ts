import * as z from 'zod/mini';
import { lenientArray, lenientObject } from './lenient';

/** One takedown attempt; `resolvedAt` and `outcome` are null while in progress, absent when not readable. */
export const TakedownAttempt = lenientObject({
  required: {},
  optional: {
    startedAt: z.nullable(z.string()),
    resolvedAt: z.nullable(z.string()),
    /** See TAKEDOWN_OUTCOMES; kept as a string. */
    outcome: z.nullable(z.string()),
  },
});
export type TakedownAttempt = z.infer<typeof TakedownAttempt>;

/** TakedownAttemptsStructure: an incident's attempts, oldest first (recorded only since the feature was enabled). */
export const TakedownAttempts = lenientObject({
  /** The incident id. */
  required: { id: z.string() },
  expected: { createdAt: z.string(), takedownAttempts: lenientArray(TakedownAttempt) },
  optional: { subject: z.string() },
});
export type TakedownAttempts = z.infer<typeof TakedownAttempts>;
