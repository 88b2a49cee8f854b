import { useEffect, useState } from 'preact/hooks';
import { initialIncluded } from '@/utils/drafts/draft-edit';
import { addFilesWithinLimits, type AddedFiles } from '@/utils/drafts/file-limits';
import type { FileRole, OutboxReport } from '@/utils/storage/report-types';
import type { Settings } from '@/utils/settings/settings';

/** Longer than any capture takes (each part has 6 s, utils/evidence/capture.ts). */
const CAPTURE_WAIT_MS = 10_000;

/**
 * The popup form's evidence: the draft's captured files, which of them go,
 * the user's own files (and those refused with why), and whether the capture
 * still holds the form.
 */
export function useReportFiles(initial: OutboxReport, settings: Settings) {
  // A draft the user kept is taken up as it was left; a new one starts from the settings.
  const resumed = Boolean(initial.keptAt);
  const [files, setFiles] = useState(initial.files);
  const [included, setIncluded] = useState<Set<FileRole>>(() => (resumed ? new Set<FileRole>(['extra', 'record', ...initial.files.map((file) => file.role)]) : initialIncluded(settings)));
  const [refused, setRefused] = useState<AddedFiles['refused']>([]);

  // The draft is shown before its capture ends; its files join the form's when it does.
  const [captureOverdue, setCaptureOverdue] = useState(false);
  // Shown before the background wrote it (no id yet) or before its evidence exists: sending waits.
  const capturing = (Boolean(initial.capturing) && !captureOverdue) || !initial.id;
  useEffect(() => {
    if (initial.capturing) {
      // A capture that never completes the draft (a worker stopped meanwhile) no longer holds the form.
      const timer = setTimeout(() => setCaptureOverdue(true), CAPTURE_WAIT_MS);
      return () => clearTimeout(timer);
    }
    setFiles((previous) => [...initial.files.filter((file) => !previous.some((kept) => kept.name === file.name && kept.role === file.role)), ...previous]);
    return undefined;
  }, [initial.capturing]);

  /** Adds the user's files within the service's limits, given the fields they go with; says which were refused. */
  function add(added: File[], fields: OutboxReport['fields']): void {
    const chosen = files.filter((file) => included.has(file.role));
    const result = addFilesWithinLimits(chosen, added, fields, Boolean(initial.evidence));
    setFiles((previous) => [...previous, ...result.accepted]);
    setRefused(result.refused);
  }

  /** Includes or leaves out the captured part `role`. */
  function toggle(role: FileRole, on: boolean): void {
    setIncluded((previous) => new Set(on ? [...previous, role] : [...previous].filter((kept) => kept !== role)));
  }

  /** Removes the user's `index`th own file. */
  function removeExtra(index: number): void {
    let seen = -1;
    setFiles((previous) => previous.filter((file) => file.role !== 'extra' || ++seen !== index));
  }

  return { files, included, refused, capturing, add, toggle, removeExtra };
}
