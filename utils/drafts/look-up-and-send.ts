import type { Problem } from '../problems/kinds';
import { getReport } from '../report/report-store';
import type { FoundIncident, LookupResult } from '../incidents/incident-lookup';
import type { ReportService } from '../report/report-service';
import type { OutboxReport } from '../storage/report-types';

/** The report calls a page makes through the background. */
export type PageReportService = Pick<ReportService, 'lookUp' | 'submit'>;

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
  const lookup = await service.lookUp(subject).catch((): LookupResult => ({ found: null, problem: unreachable }));
  if (lookup.found) return { kind: 'exists', incident: lookup.incident };
  onSending?.();
  const result = await service.submit(draftId).catch(() => null);
  const report = result?.report ?? (await getReport(draftId));
  if (!report || report.state === 'draft') return { kind: 'not_taken', problem: result && !result.ok ? result.problem : unreachable };
  return { kind: 'handled', report, ...(lookup.found === null ? { lookupProblem: lookup.problem } : {}) };
}
