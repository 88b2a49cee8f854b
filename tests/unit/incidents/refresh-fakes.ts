import { ApiError } from '@/utils/api/errors';
import type { IncidentListParams } from '@/utils/api/incidents';
import type { DetailedIncident, Incident } from '@/utils/api/schemas/incident';
import type { OutboxReport } from '@/utils/storage/report-types';
import type { RefreshDeps } from '@/utils/incidents/refresh';

// The fakes of the status refresh tests: incidents, reports, and a service.

/** An incident as the list gives it. */
export function incident(id: string, status: string | null, extra: Partial<Incident> = {}): Incident {
  return { id, status, safeDomain: null, incidentType: 'page', source: 'CLIENT_REPORTED', timestamp: '2026-11-20T10:00:00.000Z', incidentClass: 'phishing', ...extra };
}

/** A sent report linked to `incidentId`. */
export function report(id: string, incidentId: string, status: string | null = 'pending_review', clientId?: string): OutboxReport {
  return {
    id,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    state: 'sent',
    action: 'tkd',
    subject: { type: 'url', value: `https://${id}.example/` },
    fields: { url: `https://${id}.example/`, ...(clientId ? { clientId } : {}) },
    files: [],
    origin: 'popup',
    attempts: 1,
    incident: { id: incidentId, status },
  };
}

/** A service answering lists in pages of 5,000 and ids from a table; records every call. */
export function fakeService(listed: Incident[], byId: Record<string, Incident> = {}, failure?: unknown) {
  const calls = { lists: [] as IncidentListParams[], pages: 0, ids: [] as string[] };
  const api: RefreshDeps['api'] = {
    async *iterateIncidents(params = {}) {
      calls.lists.push(params);
      if (failure) throw failure;
      const matching = listed.filter((item) => !params.clientId || item.clientId === params.clientId);
      for (let start = 0; start === 0 || start < matching.length; start += 5000) {
        calls.pages += 1;
        yield { items: matching.slice(start, start + 5000), skipped: 0, paging: undefined };
      }
    },
    async getIncident(id) {
      calls.ids.push(id);
      const found = byId[id];
      if (!found) throw new ApiError({ kind: 'not_found', status: 404, target: 'incident' });
      return { ...found, clientId: found.clientId ?? null, history: [], incidentState: null, blocklists: [] } as DetailedIncident;
    },
  };
  return { api, calls };
}
