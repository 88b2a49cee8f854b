import { ATTACHMENT_LIMITS, estimateMultipartBytes, isAcceptedAttachment } from '../api/attachments';
import type { ReportFields } from '../api/schemas/report';
import type { Problem } from '../problems/kinds';
import type { StoredFile } from '../storage/report-types';

// The spec's limits (12 files, under 10 MB, listed types), checked when a file
// is added, so the user hears it at once and never meets a 413 later. Room is
// kept for the evidence record, which is written when the report is queued.

/** Room kept for the evidence record (one line per file, a few hundred bytes of context). */
export const RECORD_RESERVE_BYTES = 16_000;

/** What adding files came to: the ones that fit, in order, and a problem for each that did not. */
export interface AddedFiles {
  accepted: StoredFile[];
  refused: { name: string; problem: Problem }[];
}

/**
 * Adds the user's files to a report's, one by one: a file of a type the
 * service refuses, or one that would pass the file count or the size limit,
 * is refused with the reason; the others are kept.
 */
export function addFilesWithinLimits(current: readonly StoredFile[], added: readonly File[], fields: ReportFields, withRecord: boolean): AddedFiles {
  const { maxFiles, maxTotalBytes } = ATTACHMENT_LIMITS;
  const accepted: StoredFile[] = [];
  const refused: AddedFiles['refused'] = [];
  const kept = current.filter((file) => file.role !== 'record');
  const reserveFiles = withRecord ? 1 : 0;
  for (const file of added) {
    const all = [...kept, ...accepted].map((stored) => new File([stored.blob], stored.name, { type: stored.type }));
    if (!isAcceptedAttachment(file)) {
      refused.push({ name: file.name, problem: { kind: 'invalid_request', refusal: 'file_type', fileName: file.name } });
      continue;
    }
    const count = all.length + 1 + reserveFiles;
    if (count > maxFiles) {
      refused.push({ name: file.name, problem: { kind: 'too_large', refusal: 'too_many_files', fileCount: count, limit: maxFiles } });
      continue;
    }
    const bytes = estimateMultipartBytes(fields, [...all, file]) + (withRecord ? RECORD_RESERVE_BYTES : 0);
    if (bytes >= maxTotalBytes) {
      refused.push({ name: file.name, problem: { kind: 'too_large', refusal: 'too_many_bytes', totalBytes: bytes, limit: maxTotalBytes } });
      continue;
    }
    accepted.push({ name: file.name, type: file.type, blob: file, role: 'extra' });
  }
  return { accepted, refused };
}
