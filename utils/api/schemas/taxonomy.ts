import * as z from 'zod/mini';

/** TypeReference: one entry of the threat classification. */
export const TypeReference = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
});
export type TypeReference = z.infer<typeof TypeReference>;

/** ThreatTaxonomy as the incident list returns it: name and description only. */
export const ThreatTaxonomyLite = z.object({
  name: z.string(),
  /** May be empty. */
  description: z.string(),
});
export type ThreatTaxonomyLite = z.infer<typeof ThreatTaxonomyLite>;

/** ThreatTaxonomy in the expanded form of the detail endpoint. */
export const ThreatTaxonomy = z.extend(ThreatTaxonomyLite, {
  incidentClass: z.string(),
  incidentTargetType: TypeReference,
  incidentType: TypeReference,
  incidentThreatType: TypeReference,
});
export type ThreatTaxonomy = z.infer<typeof ThreatTaxonomy>;
