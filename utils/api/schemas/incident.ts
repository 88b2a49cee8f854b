import * as z from 'zod/mini';
import { IncidentHistory } from './history';
import { IncidentInsights } from './insights';
import { lenientArray } from './lenient-array';
import { ThreatTaxonomy, ThreatTaxonomyLite } from './taxonomy';

/** Registrar of the incident's domain, when known. */
export const Registrar = z.object({
  name: z.optional(z.string()),
  /** Takedown difficulty level. */
  difficulty: z.optional(z.string()),
  description: z.optional(z.string()),
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
  listedAt: z.nullable(z.string()),
  link: z.nullish(z.string()),
});
export type BlocklistListing = z.infer<typeof BlocklistListing>;

/** IncidentStructure: an incident as the list returns it. Dates stay ISO strings. */
export const Incident = z.object({
  /** Opaque: nothing may be inferred from its prefix or length. */
  id: z.string(),
  clientId: z.optional(z.string()),
  /** Not a correlation key. */
  safeDomain: z.string(),
  subject: z.optional(z.string()),
  /** Open set; see INCIDENT_TYPES. */
  incidentType: z.string(),
  domain: z.optional(z.string()),
  url: z.optional(z.string()),
  source: z.string(),
  /** A string so a new status never breaks a list; see INCIDENT_STATUSES. */
  status: z.string(),
  timestamp: z.string(),
  lastHistoryUpdateTimestamp: z.optional(z.string()),
  burnStartedTimestamp: z.optional(z.string()),
  takedownTimestamp: z.optional(z.string()),
  reportedBy: z.optional(z.string()),
  threatTaxonomy: z.optional(ThreatTaxonomyLite),
  /** Raw; see describeIncidentClass. */
  incidentClass: z.string(),
  /** Deprecated; its type is not shown, so anything is accepted. */
  statusVerbose: z.optional(z.unknown()),
});
export type Incident = z.infer<typeof Incident>;

/** DetailedIncidentStructure: the detail endpoint's incident. */
export const DetailedIncident = z.extend(Incident, {
  clientId: z.string(),
  // The expanded form is expected; a list-form taxonomy is kept rather than failing the whole detail.
  threatTaxonomy: z.optional(z.union([ThreatTaxonomy, ThreatTaxonomyLite])),
  history: lenientArray(IncidentHistory),
  incidentState: IncidentState,
  // Optional extras: a malformed one is dropped rather than hiding the incident.
  registrar: z.catch(z.optional(Registrar), undefined),
  hostingProvider: z.optional(z.string()),
  /** Oldest listing first; empty when nothing was submitted. */
  blocklists: lenientArray(BlocklistListing),
  /** Absent when no snapshot carried DNS, WHOIS or certificate data. */
  insights: z.catch(z.optional(IncidentInsights), undefined),
});
export type DetailedIncident = z.infer<typeof DetailedIncident>;
