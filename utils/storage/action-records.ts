import type { OutboxReport } from './report-types';

// Telling actions on an existing incident from reports (issue 44), for the
// pages that list them and the v5 step of the reports database.

/** True for a record of an action on an incident; a record without a kind is a report. */
export function isActionRecord(report: Pick<OutboxReport, 'recordKind'>): boolean {
  return report.recordKind === 'action';
}

/**
 * A record stored before actions had a kind (before DB v5) that was one: a
 * draft followed up on an existing incident instead of sent. Told apart by
 * what a sent report always has: its request was started (`attempts` ≥ 1);
 * such a draft went straight to `duplicate` with follow-ups and no attempt.
 */
export function wasActionRecord(report: OutboxReport): boolean {
  return report.recordKind === undefined && report.state === 'duplicate' && report.attempts === 0 && (report.followUps?.length ?? 0) > 0;
}

/** The files the user attached (the evidence record written beside them is not counted). */
function attachedFiles(report: OutboxReport): number {
  return report.files.filter((file) => file.role !== 'record').length;
}

/** An old action record, given its kind (the v5 migration); the last follow-up names it. */
export function asActionRecord(report: OutboxReport): OutboxReport {
  const kind = report.followUps?.at(-1) ?? 'comment';
  return { ...report, recordKind: 'action', incidentAction: { kind, outcome: 'done', ...(kind === 'attach' ? { files: attachedFiles(report) } : {}) } };
}
