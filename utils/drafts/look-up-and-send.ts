import type { Problem } from '../problems/kinds';
import { getReport } from '../report/report-store';
import { summariseIncident, type FoundIncident, type IncidentLookup } from '../incidents/find-incident';
import type { IncidentService } from '../incidents/incident-service';
import type { ReportService } from '../report/report-service';
import type { OutboxReport } from '../storage/report-types';

/** The background calls a page makes to send a draft: the one incident lookup (`incidents.find`), and `reports.submit`. */
export interface PageReportService {
  incidents: Pick<IncidentService, 'find'>;
  reports: Pick<ReportService, 'submit'>;
}

/** What looking up and sending a draft came to. */
export type LookUpAndSend =
  /** The subject is already an incident: nothing was sent; offer to follow it up. */
  | { kind: 'exists'; incident: FoundIncident }
  /** Handed to the background: the report as it is now (sent, duplicate, failed, unknown, or waiting for the network). */
  | { kind: 'handled'; report: OutboxReport; lookupProblem?: Problem }
  /** The background did not take it: the draft is still a draft, to send again. */
  | { kind: 'not_taken'; problem: Problem };

const unreachable: Problem = { kind: 'background_unreachable' };

/**
 * Before sending from a page: looks the subject up; an existing incident is
 * answered instead of filing a duplicate. Otherwise the draft is sent (a
 * lookup that could not tell does not stop it: a duplicate still comes back
 * as one).
 */
export async function lookUpAndSend(service: PageReportService, draftId: string, subject: string, onSending?: () => void): Promise<LookUpAndSend> {
  const lookup = await service.incidents.find({ subject }).catch((): IncidentLookup => ({ found: null, problem: unreachable }));
  // The page keeps what it shows of an existing incident: its summary.
  if (lookup.found) return { kind: 'exists', incident: summariseIncident(lookup.incident) };
  onSending?.();
  const result = await service.reports.submit(draftId).catch(() => null);
  const report = result?.report ?? (await getReport(draftId));
  if (!report || report.state === 'draft') return { kind: 'not_taken', problem: result && !result.ok ? result.problem : unreachable };
  return { kind: 'handled', report, ...(lookup.found === null ? { lookupProblem: lookup.problem } : {}) };
}
