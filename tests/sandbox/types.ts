/**
 * Records the sandbox keeps in memory. They mirror the spec's structures
 * (docs/api-contract.md, written from the service's specification) plus a few internal fields that
 * the views in `incident-view.ts` strip before anything leaves the API.
 * Written from the spec on purpose: nothing here comes from `utils/`.
 */

export interface ClientRecord {
  id: string;
  name: string;
  active: boolean;
  parentClientId: string | null;
}

export interface KeyRecord {
  key: string;
  clientIds: string[];
}

export interface UserRecord {
  id: string;
  email: string;
  name: string | null;
  surname: string | null;
  roles: string[];
  clientId?: string;
  mfaEnabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface UsageRecord {
  clientId: string;
  remainingCredits: number | 'unlimited' | null;
}

export interface HistoryAuthorDetails {
  type: string;
  clientId: string | null;
  email: string | null;
  automated: boolean;
}

export interface HistoryEntry {
  timestamp: string;
  message: string;
  author: string;
  authorDetails?: HistoryAuthorDetails;
}

export interface TypeReference {
  id: string;
  name: string;
  description: string;
}

export interface ThreatTaxonomyRecord {
  name: string;
  description: string;
  incidentClass: string;
  incidentTargetType: TypeReference;
  incidentType: TypeReference;
  incidentThreatType: TypeReference;
}

export interface BlocklistListing {
  authority: string;
  type: string;
  status: string;
  listedAt: string | null;
  link?: string | null;
}

export interface TakedownAttempt {
  startedAt: string | null;
  resolvedAt: string | null;
  outcome: string | null;
}

export interface AttachmentMeta {
  name: string;
  type: string;
  size: number;
  /** Hex SHA-256 of the bytes received. */
  sha256: string;
  /** The content of a text file (control state only), up to 256 kB. */
  text?: string;
  uploadedAt: string;
}

export interface IncidentState {
  unresponsive: boolean;
  warningBanner: boolean;
  responsive: boolean;
  contentRemoved: boolean;
  redirect: boolean;
  inconclusive: boolean;
  timestamp: string;
}

/** Raw JSON the spec leaves to upstream resolvers (insights, snapshot records). */
export type JsonObject = Record<string, unknown>;

export interface IncidentRecord {
  id: string;
  clientId: string;
  safeDomain: string;
  subject?: string;
  incidentType: string;
  domain?: string;
  url?: string;
  source: string;
  status: string;
  timestamp: string;
  lastHistoryUpdateTimestamp?: string;
  burnStartedTimestamp?: string;
  takedownTimestamp?: string;
  reportedBy?: string;
  threatTaxonomy?: ThreatTaxonomyRecord;
  incidentClass: string;
  statusVerbose?: unknown;
  history: HistoryEntry[];
  incidentState: IncidentState;
  registrar?: { name?: string; difficulty?: string; description?: string };
  hostingProvider?: string;
  blocklists: BlocklistListing[];
  insights?: JsonObject;
  snapshots: JsonObject[];
  takedownAttempts: TakedownAttempt[];
  /** Internal: files sent with reports and attach calls (control state only). */
  attachments: AttachmentMeta[];
  /** Internal: the comment sent with the report (control state only). */
  comment?: string;
  /** Internal: reason or true while the incident waits for the client. */
  waitForClient?: boolean | string;
  /** Unknown fields served as-is, to prove clients ignore them. */
  extra?: JsonObject;
}

export interface DocumentRecord {
  id: string;
  clientId: string;
  docType: string;
  fileName: string | null;
  executiveId: string | null;
  uploadedBy: { id?: string; email?: string; name?: string; surname?: string } | null;
  createdAt: string | null;
  updatedAt: string | null;
  deletedAt: string | null;
  /** Seed quirk: the spec allows `client: null`. */
  hideClient?: boolean;
}

export interface WebhookRecord {
  id: string;
  clientId: string;
  url: string;
  secret: string;
  events: string[];
  active: boolean;
  description?: string;
  createdAt: string;
  updatedAt: string;
  lastDeliveryStatus?: string;
}

export interface SandboxSettings {
  /** When true every duplicate report gets the older 200-without-id answer. */
  legacyDuplicates: boolean;
  /** How GET /v1/whoami answers (its shape is not shown in the spec); see answer-variants.ts. */
  whoami: WhoamiVariant;
  /** How GET /v1/clients answers. */
  clients: ClientsVariant;
  /** How a stored report is answered. */
  report: ReportVariant;
}

export const WHOAMI_VARIANTS = ['default', 'bare-strings', 'client-keys', 'no-active', 'key-only', 'empty-body'] as const;
type WhoamiVariant = (typeof WHOAMI_VARIANTS)[number];
export const CLIENTS_VARIANTS = ['default', 'fail', 'bare-array', 'partly-malformed'] as const;
type ClientsVariant = (typeof CLIENTS_VARIANTS)[number];
export const REPORT_VARIANTS = ['default', 'numeric-id', 'not-json', 'empty'] as const;
type ReportVariant = (typeof REPORT_VARIANTS)[number];
