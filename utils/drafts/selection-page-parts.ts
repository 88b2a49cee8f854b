import type { EvidenceContext } from '../storage/evidence-context';
import type { Settings } from '../settings/settings';
import type { FileRole, OutboxReport, StoredFile } from '../storage/report-types';
import { initialIncluded } from './draft-edit';

// A selection is often made inside a ticket, a chat or an internal portal
// (issue 44): its report goes with the evidence record alone unless the user
// ticks the page's screenshot or source. Those are taken when the user
// selects, kept in this browser with the review's source draft, and only the
// ticked ones are copied into the reports that are sent.

/** The parts of a page a selection's report can add; the record and the user's own files always go. */
const PAGE_ROLES: readonly FileRole[] = ['screenshot', 'page_source', 'page_details'];

/** True for the review's source draft of a selection (menu "Report selection…"); a page report waiting for confirmation comes from the menu or the shortcut. */
export function isSelectionSource(source: Pick<OutboxReport, 'origin' | 'selectionText' | 'openAs'> | null | undefined): boolean {
  return source?.origin === 'review' && source.selectionText !== undefined && source.openAs === undefined;
}

/** The parts ticked when a selection's review opens: the record alone, unless the settings send the page's evidence for selections too. */
export function selectionIncluded(settings: Pick<Settings, 'evidence' | 'selectionPageEvidence'>): Set<FileRole> {
  return settings.selectionPageEvidence ? initialIncluded(settings) : new Set<FileRole>(['extra', 'record']);
}

/** The evidence context of a report that sends none of its page: the page's address and title stay here, and the record says why. */
function withoutPage(context: EvidenceContext): EvidenceContext {
  const { currentUrl: _url, title: _title, notCaptured: _missing, ...rest } = context;
  return { ...rest, requestedUrl: '', pageWithheld: true };
}

/** The files and context a report of the selection goes with: the ticked parts only, and no word of the page when none is ticked. */
export function selectionEvidence(source: Pick<OutboxReport, 'files' | 'evidence'>, included: ReadonlySet<FileRole>): { files: StoredFile[]; context?: EvidenceContext } {
  const files = source.files.filter((file) => included.has(file.role));
  if (!source.evidence) return { files };
  const sendsPage = files.some((file) => PAGE_ROLES.includes(file.role));
  return { files, context: sendsPage ? source.evidence : withoutPage(source.evidence) };
}
