import type { Incident } from '../api/schemas/incident';
import { toProblem } from '../problems/kinds';
import type { OutboxReport } from '../storage/report-types';
import { accountOf, belongsToAccount } from '../storage/account-ref';
import { readSettings } from '../settings/settings';
import { connectionItem } from '../storage/connection';
import { refreshStateItem, type RefreshState } from '../storage/refresh-state';
import type { WatchedIncident } from '../storage/reports-db';
import { learnSeparateClients, trackedIncidents } from './refresh-plan';
import { emptyFetched, fetchLists, fetchUncovered, type RefreshApi } from './refresh-fetch';

export { summaryOf } from './refresh-fetch';

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

/**
 * The report store as the refresh uses it. The refresh writes through it and
 * never on its own: the outbox (utils/report/outbox-upkeep.ts) is the one door, and the
 * background (utils/background/status.ts) hands it over.
 */
interface RefreshStore {
  listReports(): Promise<OutboxReport[]>;
  listWatchedIncidents(): Promise<WatchedIncident[]>;
  /** Stores the incidents as fetched, and each new status (incident id → status) on the reports linked to it. */
  recordRefresh(incidents: readonly WatchedIncident[], statuses: ReadonlyMap<string, string>, reports: readonly Pick<OutboxReport, 'id' | 'incident'>[]): Promise<void>;
}

export interface RefreshDeps {
  api: RefreshApi;
  store: RefreshStore;
  now?: () => Date;
}

/** Statuses that wait for the user: the badge counts them. */
const WAITING_STATUSES: readonly string[] = ['approval_required', 'action_required'];

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

/** What a refresh learned about the plan, kept even when it fails after its lists. */
type Learned = Pick<RefreshState, 'separateClients' | 'missingIds' | 'failedIds'>;

/** The state after a failed refresh: the last statuses stay, with why; a 429 waits for its Retry-After. */
function failedState(state: RefreshState, error: unknown, startedAt: string, nowMs: number, learned?: Learned): RefreshState {
  const problem = toProblem(error);
  // Only a 429 carries Retry-After (utils/api/status-errors.ts).
  const seconds = 'retryAfterSeconds' in problem ? problem.retryAfterSeconds : undefined;
  const { running: _running, retryAfter: _retryAfter, ...before } = state;
  const kept: RefreshState = learned ? { ...withoutLearned(before), ...learned } : before;
  return {
    ...kept,
    lastAttemptAt: startedAt,
    problem,
    ...(seconds ? { retryAfter: new Date(nowMs + seconds * 1000).toISOString() } : {}),
  };
}

function withoutLearned(state: RefreshState): RefreshState {
  const { separateClients: _separate, missingIds: _missing, failedIds: _failed, ...rest } = state;
  return rest;
}

/**
 * Refreshes the status of every followed incident: the pages of
 * GET /v1/incidents since the oldest report (or all, with the account
 * switch), then per-id requests for what no list covered. A failed list
 * keeps the last statuses and says why; a 429 waits for its Retry-After.
 * A failed per-id request is recorded on its incident and backs off, and
 * everything else that arrived is kept (issue 19).
 */
export async function refreshStatuses(deps: RefreshDeps): Promise<RefreshOutcome> {
  const now = deps.now ?? (() => new Date());
  const startedAt = now().toISOString();
  const state = await refreshStateItem.getValue();
  const previousList = await deps.store.listWatchedIncidents();
  const previous = new Map(previousList.map((watched) => [watched.id, watched]));
  if (state.retryAfter && Date.parse(state.retryAfter) > now().getTime()) {
    return { state, changes: [], waiting: countWaiting(previousList), skipped: true };
  }
  const [settings, allReports, connection] = await Promise.all([readSettings(), deps.store.listReports(), connectionItem.getValue()]);
  // Another account's reports are kept apart: this key cannot see their incidents.
  const account = accountOf(connection);
  const reports = allReports.filter((report) => belongsToAccount(report, account));
  const tracked = trackedIncidents(reports);
  await refreshStateItem.setValue({ ...state, running: true, lastAttemptAt: startedAt });
  const fetched = emptyFetched();
  try {
    const mainFromDate = await fetchLists(deps.api, tracked, settings.includeAccountIncidents, state, fetched);
    await fetchUncovered(deps.api, tracked, previous, state, fetched, now());
    const reportsByIncident = new Map(reports.flatMap((report) => (report.incident ? [[report.incident.id, report] as const] : [])));
    const trackedIds = new Set(tracked.map((incident) => incident.id));
    const keep = (id: string) => settings.includeAccountIncidents || trackedIds.has(id);
    const { next, changes } = compareStatuses(fetched.incidents, keep, previous, reportsByIncident, startedAt);
    // The new statuses go onto the linked reports too, so every view of a report agrees.
    await deps.store.recordRefresh(next, new Map(changes.map((change) => [change.incidentId, change.to])), reports);
    for (const watched of next) previous.set(watched.id, watched);
    const waiting = countWaiting([...previous.values()].filter((watched) => keep(watched.id)));
    const separateClients = learnSeparateClients(tracked, fetched.foundById, mainFromDate, state.separateClients ?? []);
    const learned: Learned = {
      ...(separateClients.length ? { separateClients } : {}),
      ...(fetched.missing.size ? { missingIds: [...fetched.missing] } : {}),
      ...(fetched.failures.size ? { failedIds: [...fetched.failures.values()] } : {}),
    };
    if (fetched.stoppedBy !== undefined) {
      // What arrived before the service said stop is stored: its changes are announced.
      const failed = failedState(state, fetched.stoppedBy, startedAt, now().getTime(), learned);
      await refreshStateItem.setValue(failed);
      return { state: failed, changes, waiting };
    }
    const done: RefreshState = {
      lastSuccessAt: startedAt,
      lastAttemptAt: startedAt,
      requests: { listPages: fetched.listPages, perId: fetched.perId },
      ...learned,
    };
    await refreshStateItem.setValue(done);
    return { state: done, changes, waiting };
  } catch (error) {
    const failed = failedState(state, error, startedAt, now().getTime());
    await refreshStateItem.setValue(failed);
    return { state: failed, changes: [], waiting: countWaiting(previousList) };
  }
}
