import type { CapturedEvidence } from '../evidence/capture';
import type { Problem } from '../problems/kinds';
import type { OutboxReport } from '../storage/report-types';
import { getReport, listReports } from './report-store';
import { changeReport, deleteReport, putReport } from './report-writes';

// The outbox's upkeep, in the background: what is written beside the moves of
// outbox.ts — a draft's capture completed, a report deleted, old evidence and
// drafts dropped, an action on an incident kept, the refresh's statuses, the
// account's marks. Part of the one door of the report store's writes.

export { deleteDrafts, markUnmarkedReports, recordRefresh, clearAccountCache } from './report-writes';

/**
 * Completes a draft written before its capture ended: the capture's files
 * (before the user's own), its context, or the problems it met. Left alone
 * once it is no longer a draft.
 */
export async function completeCapture(id: string, evidence: CapturedEvidence | null, problems: readonly Problem[], now: Date = new Date()): Promise<void> {
  await changeReport(id, (draft): OutboxReport | undefined => {
    if (draft.state !== 'draft') return undefined;
    const { capturing: _done, ...rest } = draft;
    return {
      ...rest,
      files: [...(evidence?.files ?? []), ...draft.files],
      ...(evidence ? { evidence: evidence.context } : {}),
      ...(problems.length ? { captureProblems: [...problems] } : {}),
      updatedAt: now.toISOString(),
    };
  });
}

/** Keeps the record of an action the service accepted on an incident; anything but an action record is refused. */
export async function keepActionRecord(record: OutboxReport): Promise<boolean> {
  if (record.recordKind !== 'action') return false;
  await putReport(record);
  return true;
}

/** Deletes a report and its evidence (the user's delete in My reports, a popup's discard). */
export function discardReport(id: string): Promise<void> {
  return deleteReport(id);
}

/**
 * Deletes a draft whose page closed without sending it, unless the user kept
 * it (issue 19: unsent evidence is not kept behind the user's back). A report
 * that left the draft state (queued, sent, followed up) stays.
 */
export async function discardUnkeptDraft(id: string): Promise<boolean> {
  const report = await getReport(id);
  if (!report || report.state !== 'draft' || report.keptAt) return false;
  await deleteReport(id);
  return true;
}

/**
 * Drops the evidence files of reports that reached the service (sent or
 * duplicate) more than `keepDays` days ago; the report itself stays in the
 * history. Failed, unknown and unsent reports keep theirs until the user acts.
 */
export async function pruneSentEvidence(keepDays: number, now: Date = new Date()): Promise<number> {
  const cutoff = now.getTime() - keepDays * 86_400_000;
  const due = (await listReports(['sent', 'duplicate'])).filter((report) => report.files.length > 0 && Date.parse(report.updatedAt) <= cutoff);
  for (const report of due) {
    await changeReport(report.id, (current) => ({ ...current, files: [], filesPrunedAt: now.toISOString() }));
  }
  return due.length;
}
