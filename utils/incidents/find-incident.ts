import type { IncidentApi } from '../api/client';
import type { DetailedIncident } from '../api/schemas/incident';
import { toProblem, type Problem } from '../problems/kinds';

// The one lookup of an incident, by subject or by id: the popup's and the
// incident page's lookups, the report form's check before sending, and the
// send path's linking of a duplicate all ask here. A 404 is an answer (no
// such incident), not a problem.

/** What to look up: a subject (URL, domain, email, phone, IPv4) or an incident id. */
export type IncidentKey = { subject: string } | { id: string };

/** One incident looked up: found, none (404), or why it could not be told. */
export type IncidentLookup = { found: true; incident: DetailedIncident } | { found: false } | { found: null; problem: Problem };

/** The calls a lookup may make; the connected client satisfies them. */
export type FindApi = Pick<IncidentApi, 'getIncident' | 'getIncidentBySubject'>;

/** What a subject lookup shows about an existing incident (the report form, the review window). */
export interface FoundIncident {
  id: string;
  status: string | null;
  /** What the service calls it: a URL, domain, email, phone or IP. */
  subject: string | null;
  incidentType: string | null;
  /** Creation time, ISO. */
  createdAt: string | null;
  reportedBy: string | null;
}

/** A subject lookup as the report form shows it: the incident's summary, none (404), or why it could not be told. */
export type LookupResult = { found: true; incident: FoundIncident } | { found: false } | { found: null; problem: Problem };

/** The lookup by subject; the connected client satisfies it. */
export type LookupApi = Pick<IncidentApi, 'getIncidentBySubject'>;

/**
 * The full incident for a subject (GET /v1/incident/subject/{subject}, one
 * percent-encoded segment) or an id (GET /v1/incident/{id}).
 */
export function findIncident(api: FindApi, key: IncidentKey): Promise<IncidentLookup> {
  return settle(() => ('id' in key ? api.getIncident(key.id) : api.getIncidentBySubject(key.subject)));
}

/** Looks a subject up and answers the incident's summary. */
export async function lookUpSubject(api: LookupApi, subject: string): Promise<LookupResult> {
  const lookup = await settle(() => api.getIncidentBySubject(subject));
  return lookup.found ? { found: true, incident: summariseIncident(lookup.incident) } : lookup;
}

/** Judges a lookup's answer: found, none on a 404, else the problem. */
async function settle(read: () => Promise<DetailedIncident>): Promise<IncidentLookup> {
  try {
    return { found: true, incident: await read() };
  } catch (error) {
    const problem = toProblem(error);
    return problem.kind === 'not_found' ? { found: false } : { found: null, problem };
  }
}

/** What the report form and the review window show of an existing incident, from the full one. */
export function summariseIncident(incident: DetailedIncident): FoundIncident {
  return {
    id: incident.id,
    status: incident.status,
    subject: incident.subject ?? incident.url ?? incident.domain ?? null,
    incidentType: incident.incidentType,
    createdAt: incident.timestamp,
    reportedBy: incident.reportedBy ?? null,
  };
}
