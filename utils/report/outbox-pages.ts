import type { OutboxReport } from '../storage/report-types';
import { addMissingReports, changeReport, putReport } from './report-writes';

// The outbox's writes a page makes itself, in any context: a draft with its
// files (a Blob does not cross messaging, so the files go straight into the
// store the background reads), the form's edit of it, and a backup's reports.
// On the page side only utils/drafts/page-drafts.ts and utils/backup import
// this (.dependency-cruiser.cjs: pages-write-drafts-in-one-place).

/** What a new report starts with. */
export type NewReport = Omit<OutboxReport, 'id' | 'createdAt' | 'updatedAt' | 'state' | 'attempts'>;

/** Writes a new draft to the outbox; nothing is sent. */
export async function createDraft(input: NewReport, now: Date = new Date()): Promise<OutboxReport> {
  const at = now.toISOString();
  const report: OutboxReport = { ...input, id: crypto.randomUUID(), createdAt: at, updatedAt: at, state: 'draft', attempts: 0 };
  await putReport(report);
  return report;
}

/** Changes a draft's content (fields, files, action, subject); refused once it left the draft state. */
export async function editDraft(id: string, edit: Partial<Pick<OutboxReport, 'action' | 'subject' | 'fields' | 'files' | 'keptAt'>>, now: Date = new Date()): Promise<OutboxReport | null> {
  let edited = false;
  const result = await changeReport(id, (current) => {
    if (current.state !== 'draft') return undefined;
    edited = true;
    return { ...current, ...edit, updatedAt: now.toISOString() };
  });
  return edited && result ? result : null;
}

/** Adds a backup's reports this browser does not hold yet (one held is left as it is); answers how many. */
export function addBackupReports(reports: readonly OutboxReport[]): Promise<number> {
  return addMissingReports(reports);
}
