import { readAllPages } from './all-pages';
import { readList, readPaging, readRecord } from './envelope';
import type { Query, SendRequest } from './request';
import { DetailedIncident, Incident } from './schemas/incident';
import type { ParsedItems } from './schemas/lenient';
import { CursorPaging } from './schemas/paging';
import { TakedownAttempts } from './schemas/resolution';
import { Snapshot } from './schemas/snapshot';

/** A list page of up to 5,000 incidents (a few KB each at most): 64 MB leaves a wide margin. */
export const INCIDENT_PAGE_MAX_BYTES = 64 * 1024 * 1024;

/** Query of GET /v1/incidents; every field optional. */
export interface IncidentListParams {
  /** Sub-client filter, for keys with managed sub-clients. */
  clientId?: string;
  /** Created after this ISO 8601 date-time. */
  fromDate?: string;
  /** Created before this ISO 8601 date-time. */
  toDate?: string;
  /** One of INCIDENT_STATUSES. */
  status?: string;
  /** Page size; the service's default is 5000. */
  limit?: number;
  /** The previous page's `paging.next`. */
  cursor?: string;
  includeTotal?: boolean;
}

/** One page of incidents; malformed items are skipped and counted. */
export interface IncidentPage extends ParsedItems<Incident> {
  /** Undefined when the answer carried no paging block: then it is the last page. */
  paging: CursorPaging | undefined;
}

/** The incident endpoints (spec: Endpoints › Incidents). */
export function incidentEndpoints(send: SendRequest) {
  const listIncidents = async (params: IncidentListParams = {}): Promise<IncidentPage> => {
    // A page holds up to 5,000 incidents: more room than other answers.
    const { body } = await send(['incidents'], { query: { ...params }, maxBodyBytes: INCIDENT_PAGE_MAX_BYTES });
    return { ...readList(Incident, body, 'incidents'), paging: readPaging(CursorPaging, body) };
  };

  return {
    /** Lists one page of incidents (GET /v1/incidents). */
    listIncidents,

    /** Yields every page of incidents, following `paging.next`; stops if the service repeats a cursor. */
    async *iterateIncidents(params: IncidentListParams = {}): AsyncGenerator<IncidentPage, void, undefined> {
      let cursor = params.cursor;
      const seen = new Set([cursor]);
      for (;;) {
        const page = await listIncidents({ ...params, cursor });
        yield page;
        const next = page.paging?.next;
        // A cursor seen before would loop forever: treat it as the end.
        if (!next || seen.has(next)) return;
        seen.add(next);
        cursor = next;
      }
    },

    /** Fetches one incident with history, state, blocklists and insights (GET /v1/incident/{id}). */
    async getIncident(id: string): Promise<DetailedIncident> {
      const { body } = await send(['incident', id], { target: 'incident' });
      return readRecord(DetailedIncident, body, 'incident');
    },

    /** Fetches the incident for a URL, domain, email, phone or IP (GET /v1/incident/subject/{subject}). */
    async getIncidentBySubject(subject: string): Promise<DetailedIncident> {
      const { body } = await send(['incident', 'subject', subject], { target: 'subject' });
      return readRecord(DetailedIncident, body, 'incident');
    },

    /** Lists an incident's captures over its lifetime, every page (GET /v1/incident/{id}/snapshots; envelope not shown). */
    listSnapshots(id: string): Promise<ParsedItems<Snapshot>> {
      return readAllPages(send, ['incident', id, 'snapshots'], Snapshot, { plural: 'snapshots', target: 'incident', maxBodyBytes: INCIDENT_PAGE_MAX_BYTES });
    },

    /**
     * Lists takedown attempts of all the clients' incidents, every page (GET
     * /v1/incidents/resolutions; parameters not shown, so no per-incident
     * filter): a large account's list (70,000 entries, 9 MB) gets the incident list's cap.
     */
    listResolutions(query: Query = {}): Promise<ParsedItems<TakedownAttempts>> {
      return readAllPages(send, ['incidents', 'resolutions'], TakedownAttempts, { plural: 'resolutions', query, maxBodyBytes: INCIDENT_PAGE_MAX_BYTES });
    },
  };
}
