import type { IncidentApi } from '../api/client';
import { toProblem, type Problem } from '../problems/kinds';
import { linkIncident, moveReport, withEvidenceRecord } from './outbox';
import { getReport } from './report-store';
import { attachmentOf } from './send';

// A subject that is already an incident is followed up instead of reported
// again: a comment, the draft's evidence attached, or a takedown asked for.
// The draft then leaves the queue, linked to the incident, with what was done.

/** Follow-ups offered when a subject is already an incident, instead of filing a duplicate. */
export type FollowUp = { kind: 'comment'; comment: string } | { kind: 'attach' } | { kind: 'takedown' };

/** The result of a follow-up on an existing incident. */
export type FollowUpResult = { ok: true } | { ok: false; problem: Problem };

/** The calls a follow-up makes; the connected client satisfies them. */
export type FollowUpApi = Pick<IncidentApi, 'attachFiles' | 'commentOnIncident' | 'requestTakedown'>;

/** Keeps in the history what the user did on an existing incident instead of reporting it again. */
async function recordFollowUp(reportId: string, incidentId: string, kind: FollowUp['kind']): Promise<void> {
  const report = await getReport(reportId);
  if (!report) return;
  const followUps = [...(report.followUps ?? []), kind];
  const incident = { ...report.incident, id: incidentId };
  if (report.state === 'draft') {
    // Never sent: an action on the incident, not a report (issue 44).
    const files = await withEvidenceRecord(report);
    const incidentAction = { kind, outcome: 'done' as const, ...(kind === 'attach' ? { files: report.files.filter((file) => file.role !== 'record').length } : {}) };
    await moveReport(reportId, 'duplicate', { incident, followUps, files, recordKind: 'action', incidentAction });
  } else await linkIncident(reportId, incident, { followUps });
}

/**
 * Acts on an incident that already exists instead of filing a duplicate:
 * comments on it, attaches the draft's evidence to it, or asks for its
 * takedown. The draft is then linked to it and leaves the outbox's queue.
 */
export async function followUpIncident(api: FollowUpApi, incidentId: string, reportId: string, followUp: FollowUp): Promise<FollowUpResult> {
  const report = reportId ? await getReport(reportId) : undefined;
  try {
    if (followUp.kind === 'comment') await api.commentOnIncident(incidentId, followUp.comment);
    if (followUp.kind === 'takedown') await api.requestTakedown(incidentId);
    if (followUp.kind === 'attach') {
      if (!report) return { ok: false, problem: { kind: 'report_missing' } };
      const files = await withEvidenceRecord(report);
      await api.attachFiles(incidentId, files.map(attachmentOf));
    }
  } catch (error) {
    return { ok: false, problem: toProblem(error) };
  }
  if (report) await recordFollowUp(report.id, incidentId, followUp.kind);
  return { ok: true };
}
