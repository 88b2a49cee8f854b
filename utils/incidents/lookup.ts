import type { IncidentApi } from '../api/client';
import type { DetailedIncident } from '../api/schemas/incident';
import { toProblem, type Problem } from '../problems/kinds';

/** What a subject lookup shows about an existing incident. */
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

/** A subject lookup: the incident, none (404), or why it could not be told. */
export type LookupResult = { found: true; incident: FoundIncident } | { found: false } | { found: null; problem: Problem };

/** The lookup call; the connected client satisfies it. */
export type LookupApi = Pick<IncidentApi, 'getIncidentBySubject'>;

function summarise(incident: DetailedIncident): FoundIncident {
  return {
    id: incident.id,
    status: incident.status,
    subject: incident.subject ?? incident.url ?? incident.domain ?? null,
    incidentType: incident.incidentType,
    createdAt: incident.timestamp,
    reportedBy: incident.reportedBy ?? null,
  };
}

/** Looks a subject up (GET /v1/incident/subject/{subject}); a 404 is an answer, not a problem. */
export async function lookUpSubject(api: LookupApi, subject: string): Promise<LookupResult> {
  try {
    return { found: true, incident: summarise(await api.getIncidentBySubject(subject)) };
  } catch (error) {
    const problem = toProblem(error);
    if (problem.kind === 'not_found') return { found: false };
    return { found: null, problem };
  }
}
