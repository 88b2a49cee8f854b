// Known values of the incident's open sets. Fields stay `string` in the
// schemas so a new value never breaks parsing (spec: General rules 7, Versioning 3).

/** Known `incidentType` values (spec: Incident types); the set is open. */
export const INCIDENT_TYPES = ['page', 'email', 'social', 'phone', 'app', 'browser_extension', 'ip_address', 'other', 'domain', 'ipv4'] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

/** True when this extension knows the incident type. */
export function isKnownIncidentType(value: string): value is IncidentType {
  return (INCIDENT_TYPES as readonly string[]).includes(value);
}

/** The eleven `status` values (spec: Status values). */
export const INCIDENT_STATUSES = [
  'pending_review',
  'case_building',
  'approval_required',
  'takedown_ready',
  'pre_weaponised',
  'takedown_in_progress',
  'takedown_success',
  'takedown_attempt_failed',
  'blocklisted',
  'action_required',
  'closed',
] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/** True when this extension knows the status value. */
export function isKnownIncidentStatus(value: string): value is IncidentStatus {
  return (INCIDENT_STATUSES as readonly string[]).includes(value);
}

/** Known `incidentClass` values (spec: Incident class). */
export const INCIDENT_CLASSES = ['phishing', 'malware', 'scam', 'infringement', 'brandabuse', 'other'] as const;
type IncidentClass = (typeof INCIDENT_CLASSES)[number];

export type IncidentClassDescription = { known: true; value: IncidentClass } | { known: false; raw: string };

/** Sorts a raw `incidentClass` into a known value, or an unrecognised one the UI labels as such. */
export function describeIncidentClass(value: string): IncidentClassDescription {
  return (INCIDENT_CLASSES as readonly string[]).includes(value) ? { known: true, value: value as IncidentClass } : { known: false, raw: value };
}

/** Known `source` values. */
export const INCIDENT_SOURCES = ['CLIENT_REPORTED', 'SERVICE_DETECTED'] as const;

/** Known blocklist listing `type` values (spec: BlocklistListing). */
export const BLOCKLIST_TYPES = ['blocklist', 'warning-banner'] as const;

/** Known blocklist listing `status` values: submitted means in progress, not failed. */
export const BLOCKLIST_STATUSES = ['listed', 'submitted'] as const;

/** Known takedown attempt outcomes; null while in progress. */
export const TAKEDOWN_OUTCOMES = ['success', 'failed', 'not_actionable', 'closed'] as const;
