import type { StoredFile } from '../storage/report-types';

// The screenshots' file names, apart so the report's progress (utils/report/progress.ts)
// tells the whole page's file without loading the capture's code.

/** The start of the whole page's screenshot's name, beside the visible screen's `screenshot-…` (issue 41). */
export const WHOLE_PAGE_NAME = 'screenshot-whole-page-';

/** A screenshot as a report keeps it, named for when it was taken, its type, and whether it is the whole page. */
export function screenshotFile(at: Date, { blob, type }: { blob: Blob; type: 'image/png' | 'image/jpeg' }, wholePage = false): StoredFile {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return { name: `${wholePage ? WHOLE_PAGE_NAME : 'screenshot-'}${stamp}.${type === 'image/jpeg' ? 'jpg' : 'png'}`, type, blob, role: 'screenshot' };
}
