import type { Incident } from '@/utils/api/schemas/incident';
import type { IndicatorType } from '@/utils/indicators/types';
import type { Problem } from '@/utils/problems/kinds';
import type { OutboxReport, ReportAction } from '@/utils/storage/report-types';
import type { RefreshFailure } from '@/utils/incidents/refresh-view';
import type { WatchedIncident } from '@/utils/report/report-store';
import { isUnconfirmedReceipt } from '@/utils/report/outbox-state';
import { isActionRecord } from '@/utils/report/report-store';

// The "My reports" table as data: one row per report from this extension, and
// with the account switch on one per other incident the status refresh saw.
// Everything a keystroke needs (lower-case search text, sort keys) is computed
// here once per row set, so filtering 10,000 rows is one cheap pass.

/** The table's columns, each sortable. */
export const REPORT_COLUMNS = ['status', 'type', 'subject', 'client', 'action', 'source', 'reported', 'updated'] as const;
export type ReportColumn = (typeof REPORT_COLUMNS)[number];

/** The source of a row that is a report made from this extension; other rows carry the incident's own `source`. */
export const EXTENSION_SOURCE = 'extension';

/** A row's status: the incident's (`incident:<status>`), or the report's own state while it has none (`report:<state>`). */
export type RowStatus = `incident:${string}` | `report:${string}`;

/** Words for the coded values, given by the page (the model stays free of i18n). */
export interface RowLabels {
  status(status: RowStatus): string;
  type(type: string): string;
  action(action: ReportAction): string;
  source(source: string): string;
  /** A client id: its name when known. */
  client(clientId: string): string;
}

export interface ReportRow {
  /** The report's id, or `incident:<id>` for an incident no report of this extension links to. */
  key: string;
  report?: OutboxReport;
  incidentId?: string;
  dashboardUrl?: string;
  status: RowStatus;
  /** The incident's type when known, else the report's; as an indicator type (`url`, `email`…) when one matches, so one filter value covers both. */
  type?: string;
  subject?: string;
  clientId?: string;
  action?: ReportAction;
  source?: string;
  /** Epoch milliseconds. */
  reportedAt?: number;
  updatedAt?: number;
  /** A failed report, or one that may not have arrived: the user has to act. */
  needsAttention: boolean;
  /** Why the last status refresh could not fetch this row's incident; its status is the one known before. */
  refreshProblem?: Problem;
  /** The coded values in words; undefined where the value is missing. */
  labels: { status: string; type?: string; action?: string; source?: string; client?: string };
  /** Lower-case subject, incident id and client (id and name), for the search. */
  haystack: string;
  /** Lower-case text sort keys; undefined sorts last. */
  sortText: Partial<Record<ReportColumn, string>>;
}

/** Incident types that are one of the extension's indicator types, so one filter value covers both. */
const TYPE_OF_INCIDENT: Record<string, IndicatorType> = { page: 'url', domain: 'domain', email: 'email', phone: 'phone', ipv4: 'ipv4', ip_address: 'ipv4' };

/** An incident's type as a filter value: its indicator type when one matches. */
const typeOfIncident = (type: string | null | undefined): string | undefined => (type ? (TYPE_OF_INCIDENT[type] ?? type) : undefined);

/** Milliseconds of an ISO time; undefined when absent or unreadable. */
function timeOf(iso: string | null | undefined): number | undefined {
  if (!iso) return undefined;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? undefined : time;
}

/** The newest of several times. */
function newest(...times: (number | undefined)[]): number | undefined {
  let latest: number | undefined;
  for (const time of times) if (time !== undefined && (latest === undefined || time > latest)) latest = time;
  return latest;
}

/** A label function asked once per distinct value: a few statuses and types label 10,000 rows. */
function once<T extends string>(word: (value: T) => string): (value: T) => string {
  const known = new Map<T, string>();
  return (value) => {
    let label = known.get(value);
    if (label === undefined) known.set(value, (label = word(value)));
    return label;
  };
}

const blankToUndefined = (value: string | null | undefined): string | undefined => value || undefined;

/** What a row says before it is put in words. */
type RowFacts = Omit<ReportRow, 'labels' | 'haystack' | 'sortText'>;

function reportFacts(report: OutboxReport, watched: WatchedIncident | undefined): RowFacts {
  const incident: Partial<Incident> = watched?.incident ?? {};
  const status = incident.status || report.incident?.status;
  return {
    key: report.id,
    report,
    incidentId: report.incident?.id,
    dashboardUrl: report.incident?.dashboardUrl,
    status: status ? `incident:${status}` : `report:${report.state}`,
    // The incident's own type once known, so the row and the incident view say the same.
    type: typeOfIncident(incident.incidentType) ?? report.subject.type,
    subject: report.subject.value,
    // The report's chosen client, else the incident's own (as read right after sending, or by the refresh).
    clientId: blankToUndefined(report.fields.clientId) ?? blankToUndefined(incident.clientId) ?? blankToUndefined(report.incident?.clientId),
    action: report.action,
    source: EXTENSION_SOURCE,
    reportedAt: timeOf(report.createdAt),
    updatedAt: newest(timeOf(watched?.statusSeenAt), timeOf(incident.lastHistoryUpdateTimestamp), timeOf(report.updatedAt)),
    needsAttention: report.state === 'failed' || report.state === 'unknown' || isUnconfirmedReceipt(report),
  };
}

function incidentFacts({ id, incident, statusSeenAt }: WatchedIncident): RowFacts {
  return {
    key: `incident:${id}`,
    incidentId: id,
    status: `incident:${incident.status ?? ''}`,
    type: typeOfIncident(incident.incidentType),
    subject: blankToUndefined(incident.subject) ?? blankToUndefined(incident.url) ?? blankToUndefined(incident.domain),
    clientId: blankToUndefined(incident.clientId),
    source: blankToUndefined(incident.source),
    reportedAt: timeOf(incident.timestamp),
    updatedAt: newest(timeOf(statusSeenAt), timeOf(incident.lastHistoryUpdateTimestamp)),
    needsAttention: false,
  };
}

function withLabels(facts: RowFacts, words: RowLabels): ReportRow {
  const labels = {
    status: words.status(facts.status),
    type: facts.type === undefined ? undefined : words.type(facts.type),
    action: facts.action === undefined ? undefined : words.action(facts.action),
    source: facts.source === undefined ? undefined : words.source(facts.source),
    client: facts.clientId === undefined ? undefined : words.client(facts.clientId),
  };
  const lower = (value: string | undefined) => value?.toLowerCase();
  return {
    ...facts,
    labels,
    haystack: [facts.subject, facts.incidentId, facts.clientId, labels.client].filter(Boolean).join('\n').toLowerCase(),
    sortText: {
      status: lower(labels.status),
      type: lower(labels.type),
      subject: lower(facts.subject),
      client: lower(labels.client),
      action: lower(labels.action),
      source: lower(labels.source),
    },
  };
}

/** What the rows are built from. */
export interface RowSources {
  /** This extension's reports (drafts left out by the caller). */
  reports: readonly OutboxReport[];
  /** What the status refresh saw. */
  watched: readonly WatchedIncident[];
  /** Add the account's incidents that no report links to. */
  includeAccountIncidents: boolean;
  /** Incidents the status refresh could not fetch (refresh state `failedIds`). */
  failures?: readonly RefreshFailure[];
}

/** One row per report (actions on incidents left out), then (with the switch on) one per other watched incident; in the order given. */
export function buildReportRows({ reports, watched, includeAccountIncidents, failures = [] }: RowSources, words: RowLabels): ReportRow[] {
  const labels: RowLabels = { status: once(words.status), type: once(words.type), action: once(words.action), source: once(words.source), client: once(words.client) };
  const watchedById = new Map(watched.map((entry) => [entry.id, entry]));
  const problems = new Map(failures.map((failure) => [failure.id, failure.problem]));
  const withProblem = (facts: RowFacts): RowFacts => {
    const refreshProblem = facts.incidentId === undefined ? undefined : problems.get(facts.incidentId);
    return refreshProblem ? { ...facts, refreshProblem } : facts;
  };
  // Actions on incidents are listed apart (action-rows.ts), never as reports (issue 44).
  const madeReports = reports.filter((report) => !isActionRecord(report));
  const rows = madeReports.map((report) => withLabels(withProblem(reportFacts(report, report.incident && watchedById.get(report.incident.id))), labels));
  if (!includeAccountIncidents) return rows;
  const linked = new Set(madeReports.map((report) => report.incident?.id));
  for (const entry of watched) {
    if (!linked.has(entry.id)) rows.push(withLabels(withProblem(incidentFacts(entry)), labels));
  }
  return rows;
}
