import type { IncidentRecord } from './types.ts';

/** Drops undefined members so optional fields are absent rather than null. */
function compact(obj: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(obj)) if (obj[key] === undefined) delete obj[key];
  return obj;
}

/** IncidentStructure: the list form, with the lite taxonomy (name and description only). */
export function toListItem(inc: IncidentRecord): Record<string, unknown> {
  return compact({
    id: inc.id,
    clientId: inc.clientId,
    safeDomain: inc.safeDomain,
    subject: inc.subject,
    incidentType: inc.incidentType,
    domain: inc.domain,
    url: inc.url,
    source: inc.source,
    status: inc.status,
    timestamp: inc.timestamp,
    lastHistoryUpdateTimestamp: inc.lastHistoryUpdateTimestamp,
    burnStartedTimestamp: inc.burnStartedTimestamp,
    takedownTimestamp: inc.takedownTimestamp,
    reportedBy: inc.reportedBy,
    threatTaxonomy: inc.threatTaxonomy ? { name: inc.threatTaxonomy.name, description: inc.threatTaxonomy.description } : undefined,
    incidentClass: inc.incidentClass,
    statusVerbose: inc.statusVerbose,
    ...inc.extra,
  });
}

/** DetailedIncidentStructure: list fields with the expanded taxonomy, plus history and signals. */
export function toDetail(inc: IncidentRecord): Record<string, unknown> {
  return compact({
    ...toListItem(inc),
    threatTaxonomy: inc.threatTaxonomy,
    history: inc.history,
    incidentState: inc.incidentState,
    registrar: inc.registrar,
    hostingProvider: inc.hostingProvider,
    blocklists: inc.blocklists,
    insights: inc.insights,
  });
}

/** TakedownAttemptsStructure for the resolutions endpoint. */
export function toResolution(inc: IncidentRecord): Record<string, unknown> {
  return compact({ id: inc.id, subject: inc.subject, createdAt: inc.timestamp, takedownAttempts: inc.takedownAttempts });
}

/** Newest first, ties broken by id so paging is stable. */
export function newestFirst(a: IncidentRecord, b: IncidentRecord): number {
  return b.timestamp.localeCompare(a.timestamp) || a.id.localeCompare(b.id);
}
