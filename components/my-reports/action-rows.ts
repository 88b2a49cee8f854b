import type { IncidentActionDone, OutboxReport } from '@/utils/storage/report-types';
import { isActionRecord } from '@/utils/report/report-store';
import type { WatchedIncident } from '@/utils/report/report-store';

// "Actions on incidents" in My reports as data: one row per thing the user did
// on an existing incident (issue 44), kept apart from the reports and never
// counted among them.

/** Words for an action and a client, given by the page (the model stays free of i18n). */
export interface ActionLabels {
  action(done: IncidentActionDone): string;
  client(clientId: string): string;
}

export interface ActionRow {
  key: string;
  incidentId?: string;
  dashboardUrl?: string;
  subject: string;
  /** What was done, in words ("Approved the takedown", "Commented · Attached 2 files"). */
  what: string;
  client?: string;
  /** Epoch milliseconds of the latest action on the record. */
  at: number;
}

/** Every action a record holds, in order: a follow-up draft may comment, then ask for takedown, on the same incident. */
function actionsOf(report: OutboxReport): IncidentActionDone[] {
  const done = report.incidentAction;
  const kinds = report.followUps?.length ? report.followUps : done ? [done.kind] : [];
  return kinds.map((kind) => (kind === done?.kind ? done : { kind, outcome: 'done' }));
}

/** The client an action was for: the incident's own, else the one the record names. */
function clientIdOf(report: OutboxReport, watched: WatchedIncident | undefined): string | undefined {
  return watched?.incident.clientId || report.incident?.clientId || report.fields.clientId || undefined;
}

/** One row per action record, newest first. */
export function buildActionRows(reports: readonly OutboxReport[], watched: readonly WatchedIncident[], words: ActionLabels): ActionRow[] {
  const watchedById = new Map(watched.map((entry) => [entry.id, entry]));
  return reports
    .filter(isActionRecord)
    .map((report) => {
      const clientId = clientIdOf(report, report.incident && watchedById.get(report.incident.id));
      return {
        key: report.id,
        incidentId: report.incident?.id,
        dashboardUrl: report.incident?.dashboardUrl,
        subject: report.subject.value,
        what: actionsOf(report).map(words.action).join(' · '),
        ...(clientId ? { client: words.client(clientId) } : {}),
        at: Date.parse(report.updatedAt),
      };
    })
    .sort((a, b) => b.at - a.at);
}
