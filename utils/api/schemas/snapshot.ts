import * as z from 'zod/mini';

/** Raw records exactly as captured: inner keys come from upstream resolvers. */
const RawRecord = z.record(z.string(), z.unknown());

/** SnapshotStructure: one capture over the incident's lifetime (no screenshots). */
export const Snapshot = z.object({
  id: z.string(),
  incidentId: z.string(),
  /** What triggered the capture. */
  type: z.nullable(z.string()),
  timestamp: z.nullable(z.string()),
  description: z.nullable(z.string()),
  dns: z.optional(RawRecord),
  whois: z.optional(RawRecord),
  certificate: z.optional(RawRecord),
});
export type Snapshot = z.infer<typeof Snapshot>;
