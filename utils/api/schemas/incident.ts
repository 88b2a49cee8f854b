import * as z from 'zod/mini';
import { IncidentHistory } from './history';
import { IncidentInsights } from './insights';
import { lenientArray, lenientObject } from './lenient';
import { ThreatTaxonomy } from './taxonomy';

/** Registrar of the incident's domain, when known. */
export const Registrar = lenientObject({
  required: {},
  optional: {
    name: z.string(),
    /** Takedown difficulty level. */
    difficulty: z.string(),
    description: z.string(),
  },
});
export type Registrar = z.infer<typeof Registrar>;

/** IncidentState: what the last state scan saw. A flag the service did not give is null: unknown, never false. */
export const IncidentState = lenientObject({
  required: {},
  expected: {
    unresponsive: z.boolean(),
    /** A browser warning is displayed. */
    warningBanner: z.boolean(),
    responsive: z.boolean(),
    contentRemoved: z.boolean(),
    redirect: z.boolean(),
    /** The state could not be determined. */
    inconclusive: z.boolean(),
    /** Last state scan. */
    timestamp: z.string(),
  },
});
export type IncidentState = z.infer<typeof IncidentState>;

/** BlocklistListing: one partner's coverage; `authority`, `type` and `status` are open strings. */
export const BlocklistListing = lenientObject({
  required: { authority: z.string() },
  expected: {
    /** `blocklist` or `warning-banner` (see BLOCKLIST_TYPES). */
    type: z.string(),
    /** `listed` or `submitted` (see BLOCKLIST_STATUSES): submitted is protection in progress. */
    status: z.string(),
    /** Null while submitted. */
    listedAt: z.string(),
  },
  optional: { link: z.nullable(z.string()) },
});
export type BlocklistListing = z.infer<typeof BlocklistListing>;

const incidentFields = {
  required: {
    /** Opaque: nothing may be inferred from its prefix or length. */
    id: z.string(),
  },
  expected: {
    /** Not a correlation key. */
    safeDomain: z.string(),
    /** Open set; see INCIDENT_TYPES. */
    incidentType: z.string(),
    source: z.string(),
    /** A string so a new status never breaks a list; see INCIDENT_STATUSES. */
    status: z.string(),
    /** Creation time. */
    timestamp: z.string(),
    /** Raw; see describeIncidentClass. */
    incidentClass: z.string(),
  },
  optional: {
    clientId: z.string(),
    subject: z.string(),
    domain: z.string(),
    url: z.string(),
    lastHistoryUpdateTimestamp: z.string(),
    burnStartedTimestamp: z.string(),
    takedownTimestamp: z.string(),
    reportedBy: z.string(),
    threatTaxonomy: ThreatTaxonomy,
    /** Deprecated; its type is not shown, so anything is accepted. */
    statusVerbose: z.unknown(),
  },
};

/** IncidentStructure: an incident as the list returns it. Dates stay ISO strings. */
export const Incident = lenientObject(incidentFields);
export type Incident = z.infer<typeof Incident>;

// On the detail endpoint `clientId` is always present, so it moves from optional to expected.
const { clientId: _listClientId, ...detailOptional } = incidentFields.optional;

/** DetailedIncidentStructure: the detail endpoint's incident. */
export const DetailedIncident = lenientObject({
  required: incidentFields.required,
  expected: {
    ...incidentFields.expected,
    /** Always present on the detail endpoint. */
    clientId: z.string(),
    /** Newest first in the spec's examples. */
    history: lenientArray(IncidentHistory),
    incidentState: IncidentState,
    /** Oldest listing first; empty when nothing was submitted. */
    blocklists: lenientArray(BlocklistListing),
  },
  optional: {
    ...detailOptional,
    registrar: Registrar,
    hostingProvider: z.string(),
    /** Absent when no snapshot carried DNS, WHOIS or certificate data: "not captured". */
    insights: IncidentInsights,
    /**
     * What the service waits for: true, or the reason in words. The contract
     * names it on webhook data only (Events › data fields); a detail that
     * carries it too is read, and a malformed one is dropped alone.
     */
    waitForClient: z.union([z.boolean(), z.string()]),
  },
});
export type DetailedIncident = z.infer<typeof DetailedIncident>;
