import * as z from 'zod/mini';
import { lenientObject } from './lenient';

/** Raw records exactly as captured: inner keys come from upstream resolvers. */
const RawRecord = z.record(z.string(), z.unknown());

/** SnapshotStructure: one capture over the incident's lifetime (no screenshots). */
export const Snapshot = lenientObject({
  required: { id: z.string() },
  expected: {
    incidentId: z.string(),
    /** What triggered the capture. */
    type: z.string(),
    timestamp: z.string(),
    description: z.string(),
  },
  optional: { dns: RawRecord, whois: RawRecord, certificate: RawRecord },
});
export type Snapshot = z.infer<typeof Snapshot>;
