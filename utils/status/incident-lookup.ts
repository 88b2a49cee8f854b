import type { IncidentApi } from '../api/client';
import type { DetailedIncident } from '../api/schemas/incident';
import { toProblem, type Problem } from '../messaging/problems';

/** One incident looked up: found, none (404), or why it could not be told. */
export type IncidentLookup = { found: true; incident: DetailedIncident } | { found: false } | { found: null; problem: Problem };

/** What to look up: a subject (URL, domain, email, phone, IPv4) or an incident id. */
export type IncidentKey = { subject: string } | { id: string };

/** The calls the lookups need; the connected client satisfies them. */
export type IncidentReadApi = Pick<IncidentApi, 'getIncident' | 'getIncidentBySubject'>;

/**
 * The full incident for a subject (GET /v1/incident/subject/{subject}, one
 * percent-encoded segment) or an id (GET /v1/incident/{id}); a 404 is an
 * answer, not a problem.
 */
export async function findIncident(api: IncidentReadApi, key: IncidentKey): Promise<IncidentLookup> {
  try {
    const incident = 'id' in key ? await api.getIncident(key.id) : await api.getIncidentBySubject(key.subject);
    return { found: true, incident };
  } catch (error) {
    const problem = toProblem(error);
    return problem.kind === 'not_found' ? { found: false } : { found: null, problem };
  }
}

/** The incidents the pages may look up, through the background. */
export function createIncidentService(api: IncidentReadApi) {
  return {
    /** Looks an incident up by subject or id. */
    find: (key: IncidentKey): Promise<IncidentLookup> => findIncident(api, key),
  };
}

export type IncidentService = ReturnType<typeof createIncidentService>;
