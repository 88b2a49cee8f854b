import { z } from 'zod';

/** Raw records exactly as captured: inner keys come from upstream resolvers. */
const RawRecord = z.record(z.string(), z.unknown());

/** SnapshotStructure: one capture over the incident's lifetime (no screenshots). */
export const Snapshot = z.object({
  id: z.string(),
  incidentId: z.string(),
  /** What triggered the capture. */
  type: z.string().nullable(),
  timestamp: z.string().nullable(),
  description: z.string().nullable(),
  dns: RawRecord.optional(),
  whois: RawRecord.optional(),
  certificate: RawRecord.optional(),
});
export type Snapshot = z.infer<typeof Snapshot>;
