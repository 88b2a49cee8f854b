import type { IncidentApi } from '../api/client';
import type { DetailedIncident, Incident } from '../api/schemas/incident';
import { toApiErrorInfo } from '../api/errors';
import { toProblem } from '../messaging/problems';
import type { OutboxReport } from '../report/types';
import { accountOf, belongsToAccount } from '../connection/account';
import { readSettings } from '../settings/settings';
import { connectionItem } from '../storage/connection';
import { refreshStateItem, type RefreshState } from '../storage/refresh-state';
import { changeReport, listReports, listWatchedIncidents, putWatchedIncidents, type WatchedIncident } from '../storage/reports-db';
import { learnSeparateClients, planLists, trackedIncidents, uncoveredIds, type TrackedIncident } from './refresh-plan';

/** A status that changed since the last refresh. */
export interface StatusChange {
  incidentId: string;
  /** What was reported (or the incident's own subject), for the notification. */
  subject: string;
  from: string;
  to: string;
}

export interface RefreshOutcome {
  state: RefreshState;
  /** Empty when the refresh failed or was skipped. */
  changes: StatusChange[];
  /** Followed incidents that wait for the user (approval or action required), for the badge. */
  waiting: number;
  /** The refresh did not run: a 429's Retry-After has not passed. */
  skipped?: boolean;
}

export interface RefreshDeps {
  api: Pick<IncidentApi, 'iterateIncidents' | 'getIncident'>;
  now?: () => Date;
}

/** Statuses that wait for the user: the badge counts them. */
export const WAITING_STATUSES: readonly string[] = ['approval_required', 'action_required'];

/** What the service's copy of a followed incident says, gathered from lists and per-id requests. */
interface Fetched {
  incidents: Map<string, Incident>;
  listPages: number;
  perId: number;
  foundById: Map<string, string | undefined>;
  missing: Set<string>;
}

async function fetchLists(deps: RefreshDeps, tracked: readonly TrackedIncident[], includeAccount: boolean, state: RefreshState, fetched: Fetched) {
  const separateClients = state.separateClients ?? [];
  const lists = planLists({ tracked, includeAccount, separateClients });
  for (const params of lists) {
    try {
      for await (const page of deps.api.iterateIncidents(params)) {
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

async function fetchUncovered(deps: RefreshDeps, tracked: readonly TrackedIncident[], previous: Map<string, WatchedIncident>, state: RefreshState, fetched: Fetched) {
  const missing = new Set(state.missingIds ?? []);
  const fetchedAt = new Map([...previous.values()].map((watched) => [watched.id, watched.fetchedAt]));
  const wanted = uncoveredIds(tracked.filter((incident) => !missing.has(incident.id)), new Set(fetched.incidents.keys()), fetchedAt);
  for (const id of wanted) {
    fetched.perId += 1;
    try {
      const incident = summaryOf(await deps.api.getIncident(id));
      fetched.incidents.set(id, incident);
      fetched.foundById.set(id, incident.timestamp ?? undefined);
    } catch (error) {
      if (toApiErrorInfo(error).kind !== 'not_found') throw error;
      fetched.missing.add(id);
    }
  }
  for (const id of missing) fetched.missing.add(id);
}

/** The list's shape of a detailed incident: what the table needs, without history, state, blocklists or insights. */
export function summaryOf(detailed: DetailedIncident): Incident {
  const { history: _history, incidentState: _state, blocklists: _blocklists, insights: _insights, registrar: _registrar, hostingProvider: _hosting, clientId, ...summary } = detailed;
  return clientId === null ? summary : { ...summary, clientId };
}

function subjectOf(incident: Incident, report: OutboxReport | undefined): string {
  return report?.subject.value ?? incident.subject ?? incident.url ?? incident.domain ?? incident.id;
}

/** The watched incidents to store and the status changes, from what was fetched and what was known. */
export function compareStatuses(
  fetched: ReadonlyMap<string, Incident>,
  keep: (id: string) => boolean,
  previous: ReadonlyMap<string, WatchedIncident>,
  reports: ReadonlyMap<string, OutboxReport>,
  now: string,
): { next: WatchedIncident[]; changes: StatusChange[] } {
  const next: WatchedIncident[] = [];
  const changes: StatusChange[] = [];
  for (const [id, incident] of fetched) {
    if (!keep(id)) continue;
    const before = previous.get(id);
    const report = reports.get(id);
    // Known before from the last refresh, else from the report's own answer; an incident first seen now changed nothing.
    const from = before ? before.incident.status : report?.incident?.status;
    const to = incident.status;
    const changed = typeof from === 'string' && typeof to === 'string' && from !== to;
    if (changed) changes.push({ incidentId: id, subject: subjectOf(incident, report), from, to });
    const same = before !== undefined && before.incident.status === to;
    next.push({ id, incident, fetchedAt: now, statusSeenAt: same ? before.statusSeenAt : now });
  }
  return { next, changes };
}

/** Counts the watched incidents that wait for the user. */
export function countWaiting(watched: Iterable<Pick<WatchedIncident, 'incident'>>): number {
  let count = 0;
  for (const { incident } of watched) if (incident.status && WAITING_STATUSES.includes(incident.status)) count += 1;
  return count;
}

/** Writes the new statuses onto the reports linked to changed incidents, so every view of a report agrees. */
async function updateLinkedReports(reports: readonly OutboxReport[], changes: readonly StatusChange[]): Promise<void> {
  const changed = new Map(changes.map((change) => [change.incidentId, change.to]));
  for (const report of reports) {
    const status = report.incident && changed.get(report.incident.id);
    if (!status) continue;
    await changeReport(report.id, (current) => (current.incident ? { ...current, incident: { ...current.incident, status } } : undefined));
  }
}

/**
 * Refreshes the status of every followed incident: the pages of
 * GET /v1/incidents since the oldest report (or all, with the account
 * switch), then per-id requests for what no list covered. A failure keeps
 * the last statuses and says why; a 429 waits for its Retry-After.
 */
export async function refreshStatuses(deps: RefreshDeps): Promise<RefreshOutcome> {
  const now = deps.now ?? (() => new Date());
  const startedAt = now().toISOString();
  const state = await refreshStateItem.getValue();
  const previousList = await listWatchedIncidents();
  const previous = new Map(previousList.map((watched) => [watched.id, watched]));
  if (state.retryAfter && Date.parse(state.retryAfter) > now().getTime()) {
    return { state, changes: [], waiting: countWaiting(previousList), skipped: true };
  }
  const [settings, allReports, connection] = await Promise.all([readSettings(), listReports(), connectionItem.getValue()]);
  // Another account's reports are kept apart: this key cannot see their incidents.
  const account = accountOf(connection);
  const reports = allReports.filter((report) => belongsToAccount(report, account));
  const tracked = trackedIncidents(reports);
  await refreshStateItem.setValue({ ...state, running: true, lastAttemptAt: startedAt });
  const fetched: Fetched = { incidents: new Map(), listPages: 0, perId: 0, foundById: new Map(), missing: new Set() };
  try {
    const mainFromDate = await fetchLists(deps, tracked, settings.includeAccountIncidents, state, fetched);
    await fetchUncovered(deps, tracked, previous, state, fetched);
    const reportsByIncident = new Map(reports.flatMap((report) => (report.incident ? [[report.incident.id, report] as const] : [])));
    const trackedIds = new Set(tracked.map((incident) => incident.id));
    const keep = (id: string) => settings.includeAccountIncidents || trackedIds.has(id);
    const { next, changes } = compareStatuses(fetched.incidents, keep, previous, reportsByIncident, startedAt);
    await putWatchedIncidents(next);
    await updateLinkedReports(reports, changes);
    const separateClients = learnSeparateClients(tracked, fetched.foundById, mainFromDate, state.separateClients ?? []);
    const done: RefreshState = {
      lastSuccessAt: startedAt,
      lastAttemptAt: startedAt,
      requests: { listPages: fetched.listPages, perId: fetched.perId },
      ...(separateClients.length ? { separateClients } : {}),
      ...(fetched.missing.size ? { missingIds: [...fetched.missing] } : {}),
    };
    await refreshStateItem.setValue(done);
    for (const watched of next) previous.set(watched.id, watched);
    return { state: done, changes, waiting: countWaiting([...previous.values()].filter((watched) => keep(watched.id))) };
  } catch (error) {
    const problem = toProblem(error);
    // Only a 429 carries Retry-After (utils/api/status-errors.ts).
    const seconds = 'retryAfterSeconds' in problem ? problem.retryAfterSeconds : undefined;
    const { running: _running, retryAfter: _retryAfter, ...before } = state;
    const failed: RefreshState = {
      ...before,
      lastAttemptAt: startedAt,
      problem,
      ...(seconds ? { retryAfter: new Date(now().getTime() + seconds * 1000).toISOString() } : {}),
    };
    await refreshStateItem.setValue(failed);
    return { state: failed, changes: [], waiting: countWaiting(previousList) };
  }
}
