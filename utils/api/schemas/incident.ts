import { z } from 'zod';
import { IncidentHistory } from './history';
import { IncidentInsights } from './insights';
import { lenientArray } from './lenient-array';
import { ThreatTaxonomy, ThreatTaxonomyLite } from './taxonomy';

/** Registrar of the incident's domain, when known. */
export const Registrar = z.object({
  name: z.string().optional(),
  /** Takedown difficulty level. */
  difficulty: z.string().optional(),
  description: z.string().optional(),
});
export type Registrar = z.infer<typeof Registrar>;

/** IncidentState: what the last state scan saw. */
export const IncidentState = z.object({
  unresponsive: z.boolean(),
  /** A browser warning is displayed. */
  warningBanner: z.boolean(),
  responsive: z.boolean(),
  contentRemoved: z.boolean(),
  redirect: z.boolean(),
  /** The state could not be determined. */
  inconclusive: z.boolean(),
  timestamp: z.string(),
});
export type IncidentState = z.infer<typeof IncidentState>;

/** BlocklistListing: one partner's coverage; `authority`, `type` and `status` are open strings. */
export const BlocklistListing = z.object({
  authority: z.string(),
  /** `blocklist` or `warning-banner` (see BLOCKLIST_TYPES). */
  type: z.string(),
  /** `listed` or `submitted` (see BLOCKLIST_STATUSES). */
  status: z.string(),
  /** Null while submitted. */
  listedAt: z.string().nullable(),
  link: z.string().nullish(),
});
export type BlocklistListing = z.infer<typeof BlocklistListing>;

/** IncidentStructure: an incident as the list returns it. Dates stay ISO strings. */
export const Incident = z.object({
  /** Opaque: nothing may be inferred from its prefix or length. */
  id: z.string(),
  clientId: z.string().optional(),
  /** Not a correlation key. */
  safeDomain: z.string(),
  subject: z.string().optional(),
  /** Open set; see INCIDENT_TYPES. */
  incidentType: z.string(),
  domain: z.string().optional(),
  url: z.string().optional(),
  source: z.string(),
  /** A string so a new status never breaks a list; see INCIDENT_STATUSES. */
  status: z.string(),
  timestamp: z.string(),
  lastHistoryUpdateTimestamp: z.string().optional(),
  burnStartedTimestamp: z.string().optional(),
  takedownTimestamp: z.string().optional(),
  reportedBy: z.string().optional(),
  threatTaxonomy: ThreatTaxonomyLite.optional(),
  /** Raw; see describeIncidentClass. */
  incidentClass: z.string(),
  /** Deprecated; its type is not shown, so anything is accepted. */
  statusVerbose: z.unknown().optional(),
});
export type Incident = z.infer<typeof Incident>;

/** DetailedIncidentStructure: the detail endpoint's incident. */
export const DetailedIncident = Incident.extend({
  clientId: z.string(),
  // The expanded form is expected; a list-form taxonomy is kept rather than failing the whole detail.
  threatTaxonomy: z.union([ThreatTaxonomy, ThreatTaxonomyLite]).optional(),
  history: lenientArray(IncidentHistory),
  incidentState: IncidentState,
  // Optional extras: a malformed one is dropped rather than hiding the incident.
  registrar: Registrar.optional().catch(undefined),
  hostingProvider: z.string().optional(),
  /** Oldest listing first; empty when nothing was submitted. */
  blocklists: lenientArray(BlocklistListing),
  /** Absent when no snapshot carried DNS, WHOIS or certificate data. */
  insights: IncidentInsights.optional().catch(undefined),
});
export type DetailedIncident = z.infer<typeof DetailedIncident>;
