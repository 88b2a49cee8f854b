import * as z from 'zod/mini';
import { lenientArray } from './lenient-array';

/** One takedown attempt; `resolvedAt` and `outcome` are null while in progress. */
export const TakedownAttempt = z.object({
  startedAt: z.nullable(z.string()),
  resolvedAt: z.nullable(z.string()),
  /** See TAKEDOWN_OUTCOMES; kept as a string. */
  outcome: z.nullable(z.string()),
});
export type TakedownAttempt = z.infer<typeof TakedownAttempt>;

/** TakedownAttemptsStructure: an incident's attempts, oldest first (recorded only since the feature was enabled). */
export const TakedownAttempts = z.object({
  /** The incident id. */
  id: z.string(),
  subject: z.optional(z.string()),
  createdAt: z.string(),
  takedownAttempts: lenientArray(TakedownAttempt),
});
export type TakedownAttempts = z.infer<typeof TakedownAttempts>;
