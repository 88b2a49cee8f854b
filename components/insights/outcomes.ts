import type { WatchedIncident } from '@/utils/report/report-store';
import { EXTENSION_SOURCE, type ReportRow, type RowStatus } from '../my-reports/report-rows';

// The figures of the options page's Insights, from the rows of My reports and
// the incidents the status refresh follows. Pure: the charts only draw them.

/** What became of a report, in four groups a chart can colour. */
export const OUTCOMES = ['taken_down', 'in_progress', 'closed', 'not_received'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Statuses after which nothing more happens to an incident. */
const CLOSED_STATUSES: readonly string[] = ['takedown_success', 'closed'];

/** The outcome group of a row's status. */
export function outcomeOf(status: RowStatus): Outcome {
  if (status === 'report:failed' || status === 'report:unknown') return 'not_received';
  if (status === 'incident:takedown_success') return 'taken_down';
  if (status === 'incident:closed') return 'closed';
  return 'in_progress';
}

export interface WeekOutcomes {
  /** Monday 00:00, local time, in epoch milliseconds. */
  start: number;
  counts: Record<Outcome, number>;
}

/** Monday 00:00 (local time) of the week holding `time`. */
export function weekStart(time: number): number {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  // getDay: Sunday 0 … Saturday 6; weeks start on Monday.
  date.setDate(date.getDate() - ((date.getDay() + 6) % 7));
  return date.getTime();
}

const noOutcomes = (): Record<Outcome, number> => ({ taken_down: 0, in_progress: 0, closed: 0, not_received: 0 });

/**
 * The reports made from this extension in each of the last `weeks` weeks
 * (this one included), by what became of them. Rows of other incidents and
 * reports older than the first week are left out.
 */
export function outcomesByWeek(rows: readonly ReportRow[], now: number, weeks = 12): WeekOutcomes[] {
  const first = new Date(weekStart(now));
  first.setDate(first.getDate() - 7 * (weeks - 1));
  const buckets: WeekOutcomes[] = [];
  for (let index = 0; index < weeks; index++) {
    const start = new Date(first);
    start.setDate(first.getDate() + 7 * index);
    buckets.push({ start: start.getTime(), counts: noOutcomes() });
  }
  const starts = new Map(buckets.map((bucket) => [bucket.start, bucket]));
  for (const row of rows) {
    if (row.source !== EXTENSION_SOURCE || row.reportedAt === undefined) continue;
    const bucket = starts.get(weekStart(row.reportedAt));
    if (bucket) bucket.counts[outcomeOf(row.status)] += 1;
  }
  return buckets;
}

/** Five numbers of a spread of durations, in milliseconds. */
export interface Spread {
  count: number;
  min: number;
  p25: number;
  median: number;
  p75: number;
  max: number;
}

/** The q-quantile (0 ≤ q ≤ 1) of ascending values, interpolated between neighbours. */
export function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/**
 * From an incident's `timestamp` to its `takedownTimestamp`, over the
 * followed incidents that have both (readable, and in that order); null when
 * none has.
 */
export function timeToTakedown(watched: readonly WatchedIncident[]): Spread | null {
  const durations: number[] = [];
  for (const { incident } of watched) {
    const opened = Date.parse(incident.timestamp ?? '');
    const takenDown = Date.parse(incident.takedownTimestamp ?? '');
    if (Number.isFinite(opened) && Number.isFinite(takenDown) && takenDown >= opened) durations.push(takenDown - opened);
  }
  if (durations.length === 0) return null;
  durations.sort((a, b) => a - b);
  return {
    count: durations.length,
    min: durations[0]!,
    p25: quantile(durations, 0.25),
    median: quantile(durations, 0.5),
    p75: quantile(durations, 0.75),
    max: durations.at(-1)!,
  };
}

export interface ClientIncidents {
  clientId: string;
  open: number;
  closed: number;
}

/**
 * Followed incidents by client, open or closed (taken down or closed without
 * a takedown), in the order of `clientOrder` (the connection's, parents
 * before their sub-clients) and then by id. Incidents without a client count
 * under ''.
 */
export function incidentsByClient(watched: readonly WatchedIncident[], clientOrder: readonly string[]): ClientIncidents[] {
  const byClient = new Map<string, ClientIncidents>();
  for (const { incident } of watched) {
    const clientId = incident.clientId ?? '';
    const entry = byClient.get(clientId) ?? { clientId, open: 0, closed: 0 };
    if (CLOSED_STATUSES.includes(incident.status ?? '')) entry.closed += 1;
    else entry.open += 1;
    byClient.set(clientId, entry);
  }
  const rank = (clientId: string) => {
    const index = clientOrder.indexOf(clientId);
    return index === -1 ? clientOrder.length : index;
  };
  return [...byClient.values()].sort((a, b) => rank(a.clientId) - rank(b.clientId) || a.clientId.localeCompare(b.clientId));
}

/** Whole days and hours of a duration, for the words around the chart. */
export function daysAndHours(ms: number): { days: number; hours: number } {
  const hours = Math.round(ms / 3_600_000);
  return { days: Math.floor(hours / 24), hours: hours % 24 };
}

/**
 * Which weeks of the chart get a date under them: every other week (12
 * labels do not fit side by side), and always a week with a bar whose
 * neighbours have none, so a lone bar is never unlabelled (issue 44, point
 * 11); an empty week beside such a bar gives up its label so none overlap.
 */
export function labelledWeeks(totals: readonly number[]): boolean[] {
  const lone = totals.map((total, index) => total > 0 && !(totals[index - 1]! > 0) && !(totals[index + 1]! > 0));
  return totals.map((_total, index) => lone[index]! || (index % 2 === 0 && !lone[index - 1] && !lone[index + 1]));
}
