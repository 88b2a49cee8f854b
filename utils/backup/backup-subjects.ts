import { checkIndicator } from '../indicators/check';
import { toReportFields } from '../indicators/to-report';
import { RESENDABLE } from '../report/outbox-state';
import { baseFields } from '../report/tab-draft-fields';
import type { Settings } from '../settings/settings';
import type { OutboxReport } from '../storage/report-types';

// A backup's report is shown by its subject, but sent by its `fields`: a
// hand-made file could show one site and hold another (issue 39: a "failed"
// report of examplebank whose fields file a takedown of a competitor, with
// status mail to the attacker). So every imported subject is checked as an
// indicator, and the request fields are derived again from what is shown.

/**
 * The report as this browser keeps it: its subject checked and normalised,
 * its request fields derived from that subject. A report the user can send
 * again (failed, unknown) is rebuilt as if written here now: reporter and
 * client from the settings in force after Apply, and no comment, which My
 * reports never shows, so it would go to the analyst unread in the user's
 * name. Resending is kept (not history only) because a report that did not
 * get through is why a user carries it over. Sent and duplicate reports are
 * never sent again: their reporter, client (used to refresh their status)
 * and comment stay as history. Null when the subject is not an indicator.
 */
export function rebuildImportedReport(report: OutboxReport, settings: Settings): OutboxReport | null {
  const check = checkIndicator(report.subject.value, settings.phoneCountry ? { defaultCountry: settings.phoneCountry } : {});
  if (!check.ok) return null;
  const { type, value } = check.indicator;
  const subjectFields = toReportFields(check.indicator);
  if (RESENDABLE.includes(report.state)) return { ...report, subject: { type, value }, fields: { ...subjectFields, ...baseFields(settings) } };
  const { reportedBy, clientId, comment } = report.fields;
  const history = { ...(reportedBy ? { reportedBy } : {}), ...(clientId ? { clientId } : {}), ...(comment ? { comment } : {}) };
  return { ...report, subject: { type, value }, fields: { ...subjectFields, ...history } };
}

/** The reports rebuilt by `rebuildImportedReport`, and how many were left out for a subject that is not an indicator. */
export function rebuildImportedReports(reports: readonly OutboxReport[], settings: Settings): { reports: OutboxReport[]; invalid: number } {
  const rebuilt = reports.map((report) => rebuildImportedReport(report, settings));
  const kept = rebuilt.filter((report): report is OutboxReport => report !== null);
  return { reports: kept, invalid: rebuilt.length - kept.length };
}
