import type { IncidentListParams } from '../api/incidents';
import type { OutboxReport } from '../storage/report-types';

// What a status refresh asks the service for: whole pages of GET /v1/incidents
// (5,000 incidents each), never one request per report. Per-id requests are
// kept for the tracked incidents no list covered (an incident that existed
// before the report, or a sub-client's that the unfiltered list left out).

/** An incident this extension follows because one of its reports is linked to it. */
export interface TrackedIncident {
  id: string;
  /** The sub-client it was reported for; undefined for the key's own client. */
  clientId?: string;
  /** The earliest time the incident is known to have existed (ISO): its report's creation. */
  since: string;
}

/** Lists start this long before the oldest tracked report: clocks differ, and an incident is created a moment after its report. */
export const FROM_DATE_MARGIN_MS = 24 * 60 * 60 * 1000;
/** At most this many per-id requests per refresh; the rest wait for the next one, least recently fetched first. */
const PER_ID_LIMIT = 50;

/** The incidents this extension follows: one entry per incident linked to a report, at its oldest report. */
export function trackedIncidents(reports: readonly OutboxReport[]): TrackedIncident[] {
  const byId = new Map<string, TrackedIncident>();
  for (const report of reports) {
    const id = report.incident?.id;
    if (!id) continue;
    const clientId = report.fields.clientId || undefined;
    const known = byId.get(id);
    if (!known || report.createdAt < known.since) byId.set(id, { id, since: report.createdAt, ...(clientId ? { clientId } : {}) });
  }
  return [...byId.values()];
}

function oldest(tracked: readonly TrackedIncident[]): string | undefined {
  let found: number | undefined;
  for (const { since } of tracked) {
    const time = Date.parse(since);
    if (Number.isFinite(time) && (found === undefined || time < found)) found = time;
  }
  return found === undefined ? undefined : new Date(found - FROM_DATE_MARGIN_MS).toISOString();
}

export interface PlanInput {
  tracked: readonly TrackedIncident[];
  /** List the whole account (the "all of the account's incidents" switch), not only since the oldest report. */
  includeAccount: boolean;
  /** Sub-clients whose incidents the unfiltered list was seen to leave out: each gets a list of its own. */
  separateClients: readonly string[];
}

/** The list queries of one refresh: the unfiltered list, plus one per separately listed sub-client that has tracked incidents. */
export function planLists({ tracked, includeAccount, separateClients }: PlanInput): IncidentListParams[] {
  const separate = new Set(separateClients);
  const main = tracked.filter((incident) => !incident.clientId || !separate.has(incident.clientId));
  const lists: IncidentListParams[] = [];
  if (includeAccount) lists.push({});
  else if (main.length > 0) {
    const fromDate = oldest(main);
    lists.push(fromDate ? { fromDate } : {});
  }
  for (const clientId of separate) {
    const group = tracked.filter((incident) => incident.clientId === clientId);
    if (group.length === 0) continue;
    const fromDate = oldest(group);
    lists.push({ clientId, ...(fromDate ? { fromDate } : {}) });
  }
  return lists;
}

/**
 * The tracked incidents no list returned, to fetch one by one: least recently
 * fetched first (never fetched before all others), at most `limit`.
 */
export function uncoveredIds(tracked: readonly TrackedIncident[], listed: ReadonlySet<string>, fetchedAt: ReadonlyMap<string, string>, limit = PER_ID_LIMIT): string[] {
  return tracked
    .filter((incident) => !listed.has(incident.id))
    .map((incident) => ({ id: incident.id, at: fetchedAt.get(incident.id) ?? '' }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
    .slice(0, limit)
    .map(({ id }) => id);
}

/**
 * Sub-clients to list separately from now on: those with an incident that a
 * per-id request found although the unfiltered list should have returned it
 * (created after its `fromDate`; undefined: the list covered all time). An
 * incident older than the list, or of unknown age, teaches nothing. Known ones stay.
 */
export function learnSeparateClients(
  tracked: readonly TrackedIncident[],
  /** Incidents found one by one: id → creation time, when given. */
  foundById: ReadonlyMap<string, string | undefined>,
  mainFromDate: string | undefined,
  known: readonly string[],
): string[] {
  const clients = new Set(known);
  for (const incident of tracked) {
    if (!incident.clientId || !foundById.has(incident.id)) continue;
    const created = foundById.get(incident.id);
    if (created === undefined) continue;
    if (mainFromDate === undefined || Date.parse(created) > Date.parse(mainFromDate)) clients.add(incident.clientId);
  }
  return [...clients].sort();
}
