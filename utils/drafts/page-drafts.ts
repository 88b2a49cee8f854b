import { createDraft, editDraft, type NewReport } from '../report/outbox-pages';
import type { OutboxReport, StoredFile } from '../storage/report-types';

// The one place a page writes a report (.dependency-cruiser.cjs:
// pages-write-drafts-in-one-place): a draft with its files, and the form's
// edit of it. A Blob does not cross messaging, so a draft's files go
// straight into the store the background reads; everything else a page asks
// the background (utils/messaging, `reports.*`).

/** What a page's draft starts with. */
export type PageDraft = NewReport;

/** Files the user picked or dropped, as a draft's own files. */
export function userFiles(files: readonly File[]): StoredFile[] {
  return files.map((file) => ({ name: file.name, type: file.type, blob: file, role: 'extra' as const }));
}

/** Writes a new draft with its files; the background queues and sends it when the page asks. */
export function createPageDraft(draft: PageDraft): Promise<OutboxReport> {
  return createDraft(draft);
}

/** Saves what the form says into a draft; null once it left the draft state (sent meanwhile). */
export function editPageDraft(id: string, edit: Parameters<typeof editDraft>[1]): Promise<OutboxReport | null> {
  return editDraft(id, edit);
}
