import * as z from 'zod/mini';
import { lenientObject } from './lenient';

/** TypeReference: one entry of the threat classification. */
export const TypeReference = lenientObject({
  required: { name: z.string() },
  expected: { id: z.string(), description: z.string() },
});
export type TypeReference = z.infer<typeof TypeReference>;

/**
 * ThreatTaxonomy. The list returns only `name` and `description`; the detail
 * endpoint adds the expanded fields, read here as optional so either form parses.
 */
export const ThreatTaxonomy = lenientObject({
  required: { name: z.string() },
  /** May be empty. */
  expected: { description: z.string() },
  optional: {
    incidentClass: z.string(),
    incidentTargetType: TypeReference,
    incidentType: TypeReference,
    incidentThreatType: TypeReference,
  },
});
export type ThreatTaxonomy = z.infer<typeof ThreatTaxonomy>;
