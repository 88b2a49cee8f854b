import type { IncidentApi } from '../api/client';
import { toApiErrorInfo } from '../api/errors';
import type { DetailedIncident, Incident } from '../api/schemas/incident';
import { toProblem } from '../problems/kinds';
import { refreshFailuresOf, type RefreshFailure, type RefreshState } from '../storage/refresh-state';
import type { WatchedIncident } from '../storage/reports-db';
import { planLists, uncoveredIds, type TrackedIncident } from './refresh-plan';
import { isBackingOff, isUnsendable, nextFailure, stopsTheRefresh, unsendableIdProblem } from './refresh-failures';

/** The service calls a refresh makes. */
export type RefreshApi = Pick<IncidentApi, 'iterateIncidents' | 'getIncident'>;

/** What the service's copy of the followed incidents says, gathered from lists and per-id requests. */
export interface Fetched {
  incidents: Map<string, Incident>;
  listPages: number;
  perId: number;
  foundById: Map<string, string | undefined>;
  missing: Set<string>;
  /** Tracked incidents whose own request failed (now or before, and not fetched since), by id. */
  failures: Map<string, RefreshFailure>;
  /** A per-id failure about the whole service: asking stopped there, and the refresh fails after keeping what arrived. */
  stoppedBy?: unknown;
}

/** Nothing fetched yet. */
export function emptyFetched(): Fetched {
  return { incidents: new Map(), listPages: 0, perId: 0, foundById: new Map(), missing: new Set(), failures: new Map() };
}

/** The list's shape of a detailed incident: what the table needs, without history, state, blocklists or insights. */
export function summaryOf(detailed: DetailedIncident): Incident {
  const { history: _history, incidentState: _state, blocklists: _blocklists, insights: _insights, registrar: _registrar, hostingProvider: _hosting, clientId, ...summary } = detailed;
  return clientId === null ? summary : { ...summary, clientId };
}

/** Fetches every planned list page; throws when a list fails. Returns the unfiltered list's `fromDate`. */
export async function fetchLists(api: RefreshApi, tracked: readonly TrackedIncident[], includeAccount: boolean, state: RefreshState, fetched: Fetched) {
  const separateClients = state.separateClients ?? [];
  const lists = planLists({ tracked, includeAccount, separateClients });
  for (const params of lists) {
    try {
      for await (const page of api.iterateIncidents(params)) {
        fetched.listPages += 1;
        for (const incident of page.items) fetched.incidents.set(incident.id, incident);
      }
    } catch (error) {
      // A sub-client the key may no longer list on its own: its incidents go per id.
      const info = toApiErrorInfo(error);
      if (params.clientId && info.kind === 'unauthorized' && info.clientScoped) continue;
      throw error;
    }
  }
  return lists.find((params) => !params.clientId)?.fromDate;
}

/** When each incident was last tried: fetched, or failed since. A failure on a tie goes behind. */
function lastTried(previous: ReadonlyMap<string, WatchedIncident>, failures: ReadonlyMap<string, RefreshFailure>): Map<string, string> {
  const tried = new Map([...previous.values()].map((watched) => [watched.id, watched.fetchedAt]));
  for (const { id, failedAt } of failures.values()) if (failedAt && failedAt >= (tried.get(id) ?? '')) tried.set(id, failedAt);
  return tried;
}

/**
 * Asks one by one for the tracked incidents no list covered. A failure is
 * recorded on its incident and the next one is asked (issue 19); an id the
 * client cannot send is recorded without a request; one failing before waits
 * out its backoff. Never throws for one incident.
 */
export async function fetchUncovered(api: RefreshApi, tracked: readonly TrackedIncident[], previous: ReadonlyMap<string, WatchedIncident>, state: RefreshState, fetched: Fetched, now: Date) {
  const missing = new Set(state.missingIds ?? []);
  const before = new Map(refreshFailuresOf(state).map((failure) => [failure.id, failure]));
  const askable: TrackedIncident[] = [];
  for (const incident of tracked) {
    const { id } = incident;
    if (missing.has(id) || fetched.incidents.has(id)) continue;
    const known = before.get(id);
    const refused = unsendableIdProblem(id);
    if (refused) fetched.failures.set(id, known && isUnsendable(known.problem) ? known : nextFailure(id, refused, undefined, now));
    else if (known && isBackingOff(known, now)) fetched.failures.set(id, known);
    else askable.push(incident);
  }
  // Stable sorts: on equal times, those that never failed are asked first.
  askable.sort((a, b) => Number(before.has(a.id)) - Number(before.has(b.id)));
  const wanted = uncoveredIds(askable, new Set(fetched.incidents.keys()), lastTried(previous, before));
  for (const id of wanted) {
    fetched.perId += 1;
    try {
      const incident = summaryOf(await api.getIncident(id));
      fetched.incidents.set(id, incident);
      fetched.foundById.set(id, incident.timestamp ?? undefined);
    } catch (error) {
      const info = toApiErrorInfo(error);
      if (info.kind === 'not_found') fetched.missing.add(id);
      else if (stopsTheRefresh(info)) {
        fetched.stoppedBy = error;
        break;
      } else fetched.failures.set(id, nextFailure(id, toProblem(error), before.get(id), now));
    }
  }
  // Not asked this time (over the limit, or asking stopped): what was known stays.
  for (const { id } of askable) {
    const known = before.get(id);
    if (known && !fetched.incidents.has(id) && !fetched.missing.has(id) && !fetched.failures.has(id)) fetched.failures.set(id, known);
  }
  for (const id of missing) fetched.missing.add(id);
}
