import { toReportFields } from '../indicators/to-report';
import type { Indicator } from '../indicators/types';
import type { Settings } from '../settings/settings';
import type { FileRole, OutboxReport, ReportAction, StoredFile } from '../storage/report-types';

/** The evidence switched on when the popup opens: the settings' defaults, and always the user's own files. */
export function initialIncluded(settings: Pick<Settings, 'evidence'>): Set<FileRole> {
  const roles = new Set<FileRole>(['extra', 'record']);
  if (settings.evidence.screenshot) roles.add('screenshot');
  if (settings.evidence.pageSource) roles.add('page_source');
  if (settings.evidence.pageDetails) roles.add('page_details');
  return roles;
}

/** True for an empty reporter (none is sent) or one that looks like an email address. */
export function checkEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed);
}

/** What the form gives to build the draft. */
export interface DraftInput {
  indicator: Indicator;
  action: ReportAction;
  comment: string;
  reporter: string;
  clientId: string;
  files: readonly StoredFile[];
  /** The file roles switched on; every file when left out. */
  included?: ReadonlySet<FileRole>;
}

/** A draft as a form says it (popup, review window): the spec's fields for the indicator, and only the files switched on. */
export function buildDraftEdit(input: DraftInput): Pick<OutboxReport, 'action' | 'subject' | 'fields' | 'files'> {
  const reporter = input.reporter.trim();
  const comment = input.comment.trim();
  return {
    action: input.action,
    subject: { type: input.indicator.type, value: input.indicator.value },
    fields: {
      ...toReportFields(input.indicator),
      ...(reporter ? { reportedBy: reporter } : {}),
      ...(input.clientId ? { clientId: input.clientId } : {}),
      ...(comment ? { comment } : {}),
    },
    files: input.files.filter((file) => input.included?.has(file.role) ?? true),
  };
}
