import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { EmailSection, emailProblems } from './email-section';
import { ReviewFiles } from './review-files';
import { ReviewText } from './review-text';
import { SelectionEvidence, type useSelectionEvidence } from './selection-evidence';
import type { useEmails } from './use-emails';
import { WebmailSection } from './webmail-section';

interface ReviewInputsProps {
  webmailTabId: number | null;
  emails: ReturnType<typeof useEmails>;
  /** Opened ready for an email ("Report an email…"). */
  forEmail: boolean;
  text: string;
  onText(text: string): void;
  onFiles(files: File[]): void;
  pageEvidence: ReturnType<typeof useSelectionEvidence>;
  /** The names of the page's files a report goes with (not a selection's: those are ticked). */
  evidenceNames: readonly string[];
  /** Reporting has started: nothing more can be added. */
  locked: boolean;
}

/** What the rows are read from: the webmail's email, opened or dropped files, the emails read, the text, and the page evidence a report goes with. */
export function ReviewInputs({ webmailTabId, emails, forEmail, text, onText, onFiles, pageEvidence, evidenceNames, locked }: ReviewInputsProps): JSX.Element {
  return (
    <>
      <WebmailSection tabId={webmailTabId} emails={emails} disabled={locked} />
      <ReviewFiles disabled={locked} focusFirst={forEmail} problems={emailProblems(emails.emails)} onFiles={onFiles} />
      <EmailSection emails={emails.emails} locked={locked} onRemove={emails.removeEmail} />
      <ReviewText text={text} emailReview={forEmail || emails.emails.length > 0} disabled={locked} onText={onText} />
      {pageEvidence && <SelectionEvidence state={pageEvidence} disabled={locked} />}
      {!pageEvidence && evidenceNames.length > 0 && <p class="hint">{i18n.t('review.evidence', [evidenceNames.join(', ')])}</p>}
    </>
  );
}
