import { i18n } from '#i18n';
import { describeIncidentClass, isKnownIncidentStatus, isKnownIncidentType, type IncidentType } from '../api/schemas/incident-vocabulary';
import type { ClientSummary } from '../storage/connection-types';
import type { ReportState } from '../storage/report-types';

// The one vocabulary of the extension (issue 21): every coded value the
// service or the outbox gives, in words, for My reports, the incident view,
// the review window, notifications and the badge alike. A value the API adds
// later reads "Other (value)" (spec: General rules 7, Versioning 3); a missing
// one reads "not given". The outbox's own states say they are this browser's,
// never the service's status.

/** "Other (value)": a value of an open set this extension does not know yet. */
function other(value: string): string {
  return i18n.t('vocabulary.other', [value]);
}

/** An incident status in words: "Pending review"; unknown "Other (value)"; none "status not given". */
export function incidentStatusWords(status: string | null | undefined): string {
  if (!status) return i18n.t('incident_status.none');
  return isKnownIncidentStatus(status) ? i18n.t(`incident_status.${status}`) : other(status);
}

/**
 * The subject types this extension reports, as the service's incident types:
 * a URL is a web page, an IPv4 an IP address (spec: Incident types), so a
 * report and its incident read the same.
 */
const AS_INCIDENT_TYPE: Record<string, IncidentType> = { url: 'page', ipv4: 'ip_address' };

/** An incident type, or the type of a subject reported from here, in words; unknown "Other (value)". */
export function incidentTypeWords(type: string | null | undefined): string {
  if (!type) return i18n.t('incident.not_given');
  const known = AS_INCIDENT_TYPE[type] ?? type;
  return isKnownIncidentType(known) ? i18n.t(`incident_kind.${known}`) : other(type);
}

/** An incident class in words; unknown "Other (value)". */
export function incidentClassWords(value: string | null | undefined): string {
  if (!value) return i18n.t('incident.not_given');
  const described = describeIncidentClass(value);
  return described.known ? i18n.t(`incident_class.${described.value}`) : other(described.raw);
}

/** Who brought the incident to the service (`source`), in words; unknown "Other (value)". */
export function incidentSourceWords(source: string | null | undefined): string {
  if (source === 'CLIENT_REPORTED') return i18n.t('incident_source.client_reported');
  if (source === 'SERVICE_DETECTED') return i18n.t('incident_source.service_detected');
  return source ? other(source) : i18n.t('incident.not_given');
}

/**
 * A report's state in this browser ("Not sent yet: queued", "Sent: status
 * not known yet"…): words that cannot be taken for a status of the service.
 */
export function reportStateWords(state: ReportState): string {
  return i18n.t(`report.state.${state}`);
}

/**
 * A client by its name from `GET /v1/clients` (or the name the answer itself
 * gave); by its id only when no name is known, and then said to be an id.
 */
export function clientWords(clientId: string | null | undefined, clients: readonly Pick<ClientSummary, 'id' | 'name'>[], givenName?: string | null): string {
  const name = givenName || (clientId ? clients.find((client) => client.id === clientId)?.name : null);
  if (name) return name;
  return clientId ? i18n.t('vocabulary.client_id', [clientId]) : i18n.t('incident.not_given');
}
