import { useEffect, useState } from 'preact/hooks';
import { getBackgroundService } from '@/utils/messaging/background-service';
import { buildDraftEdit } from '@/utils/drafts/draft-edit';
import { lookUpAndSend, type PageReportService } from '@/utils/drafts/look-up-and-send';
import { createPageDraft } from '@/utils/drafts/page-drafts';
import { buildEmailEvidence, type EmailEvidenceFiles } from '@/utils/drafts/email-evidence';
import type { Settings } from '@/utils/settings/settings';
import type { OutboxReport } from '@/utils/storage/report-types';
import type { ReviewRowState } from './review-state';
import type { useSelectionEvidence } from './selection-evidence';
import type { EmailEntry } from './use-emails';

/** What sending the ticked rows takes from the window. */
interface TickedRowsSend {
  rows: readonly ReviewRowState[];
  settings: Settings;
  comment: string;
  clientId: string;
  /** The report the window was opened on, if any. */
  source: OutboxReport | null | undefined;
  emails: readonly EmailEntry[];
  pageEvidence: ReturnType<typeof useSelectionEvidence>;
  update(index: number, patch: Partial<ReviewRowState>): void;
}

type RowEvidence = Pick<EmailEvidenceFiles, 'files'> & { context?: EmailEvidenceFiles['context'] };
type EvidenceOf = (row: ReviewRowState, fields: Parameters<typeof buildEmailEvidence>[2]) => Promise<RowEvidence>;

/** The evidence a row goes with: its email's (the email, its headers, the record), built once per email, or the page's the window was opened from. */
function evidenceFinder({ source, emails, pageEvidence }: TickedRowsSend): EvidenceOf {
  const emailEvidence = new Map<string, Promise<EmailEvidenceFiles | null>>();
  return async (row, fields) => {
    if (row.email) {
      const { key } = row.email;
      const entry = emails.find((email) => email.key === key);
      if (!emailEvidence.has(key)) emailEvidence.set(key, entry?.reading?.ok ? buildEmailEvidence(entry.file, entry.reading.analysis.message, fields) : Promise.resolve(null));
      const built = await emailEvidence.get(key);
      if (built) return built;
    }
    // The popup's dropped emails are the window's source, not a page's evidence.
    if (!source || source.openAs === 'emails') return { files: [] };
    if (pageEvidence) return pageEvidence.evidence();
    return { files: source.files, ...(source.evidence ? { context: source.evidence } : {}) };
  };
}

/** One ticked row: its draft written with its evidence, looked up, then sent; the row says each step and how it ended. */
async function sendRow(send: TickedRowsSend, index: number, row: ReviewRowState, evidenceOf: EvidenceOf, service: PageReportService): Promise<void> {
  if (!row.found.check.ok) return;
  const { settings, comment, clientId, source, update } = send;
  const edit = buildDraftEdit({ indicator: row.found.check.indicator, action: row.action, comment, reporter: settings.reporterEmail, clientId, files: [] });
  const evidence = await evidenceOf(row, edit.fields);
  const draft = await createPageDraft({
    ...edit,
    files: evidence.files,
    ...(evidence.context ? { evidence: evidence.context } : {}),
    origin: 'review',
    ...(source?.tabId !== undefined && !row.email ? { tabId: source.tabId } : {}),
  });
  update(index, { phase: 'checking', draftId: draft.id, problem: undefined });
  const outcome = await lookUpAndSend(service, draft.id, draft.subject.value, () => update(index, { phase: 'sending' }));
  if (outcome.kind === 'exists') update(index, { phase: 'exists', existing: outcome.incident });
  // The background did not take it: the row stays ready to report again, saying why.
  else if (outcome.kind === 'not_taken') update(index, { phase: 'idle', problem: outcome.problem });
  else update(index, { phase: 'done', report: outcome.report, ...(outcome.lookupProblem ? { lookupProblem: outcome.lookupProblem } : {}) });
}

/** One report per ticked row still to report, one after another, each looked up first so an existing incident is followed up instead of reported twice. */
async function sendTickedRows(send: TickedRowsSend): Promise<void> {
  const service = getBackgroundService();
  const evidenceOf = evidenceFinder(send);
  for (const [index, row] of send.rows.entries()) {
    if (!row.selected || row.phase !== 'idle' || !row.found.check.ok) continue;
    await sendRow(send, index, row, evidenceOf, service);
  }
}

/** The review's send: the comment and client every report goes with, and whether the ticked rows are being sent. */
export interface ReviewSend {
  comment: string;
  setComment(comment: string): void;
  clientId: string;
  setClientId(clientId: string): void;
  running: boolean;
  /** "Report n": sends the ticked rows. */
  reportAll(): Promise<void>;
}

/** The comment and client (the settings' default client until the user picks one), and the send of the ticked rows with them. */
export function useReviewSend(settings: Settings | null, review: Omit<TickedRowsSend, 'settings' | 'comment' | 'clientId'>): ReviewSend {
  const [comment, setComment] = useState('');
  const [clientId, setClientId] = useState('');
  const [running, setRunning] = useState(false);
  useEffect(() => {
    if (settings) setClientId(settings.defaultClientId);
  }, [settings]);
  async function reportAll(): Promise<void> {
    if (!settings) return;
    setRunning(true);
    await sendTickedRows({ ...review, settings, comment, clientId });
    setRunning(false);
  }
  return { comment, setComment, clientId, setClientId, running, reportAll };
}
