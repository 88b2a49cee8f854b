import type { JSX } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { Settings } from '@/utils/settings/settings';
import type { ReportAction } from '@/utils/storage/report-types';
import { useSavedConnection } from '../shared/use-saved-connection';
import { useSettings } from '../shared/use-settings';
import { dropTarget, reviewFileOpener } from './open-review-files';
import { ReviewFooter } from './review-footer';
import { ReviewHeader, ReviewLoading, reviewTitle } from './review-header';
import { ReviewInputs } from './review-inputs';
import { ReviewRowsList } from './review-rows-list';
import { useSelectionEvidence } from './selection-evidence';
import { useEmails } from './use-emails';
import { useReviewRows } from './use-review-rows';
import { useReviewSend } from './use-review-send';
import { useReviewSource } from './use-review-source';
import { useTextReading } from './use-text-reading';

/** What reading an email takes from the settings: the user's own domains and the phones' default country. */
function useEmailOptions(settings: Settings | null) {
  return useMemo(() => (settings ? { ownDomains: settings.ownDomains, ...(settings.phoneCountry ? { defaultCountry: settings.phoneCountry } : {}) } : null), [settings]);
}

/**
 * The review window: every indicator in a selection or a pasted list,
 * refanged and checked, each with a checkbox and an action. One report per
 * ticked indicator, looked up first so an existing incident is followed up
 * instead of reported twice; a result per row, and the results as CSV.
 */
export function ReviewApp({ sourceId, forEmail = false, webmailTabId = null }: { sourceId: string | null; forEmail?: boolean; webmailTabId?: number | null }): JSX.Element {
  const settings = useSettings();
  const connection = useSavedConnection();
  const [text, setText] = useState('');
  const emails = useEmails(useEmailOptions(settings));
  const { source, indicators } = useReviewSource(sourceId, setText, emails.addEmails);
  // A selection's page goes only when the user ticks it (issue 44).
  const pageEvidence = useSelectionEvidence(source, settings);
  const reading = useTextReading(indicators, settings, text);
  const defaultAction: ReportAction = source?.action ?? settings?.defaultAction ?? 'tkd';
  const review = useReviewRows({ indicators, settings, emails: emails.emails, reading, defaultAction, source });
  const send = useReviewSend(settings, { rows: review.rows, source, emails: emails.emails, pageEvidence, update: review.update });
  const evidenceNames = useMemo(() => (source && source.openAs !== 'emails' ? source.files.map((file) => file.name) : []), [source]);
  const sendsEvidence = pageEvidence ? pageEvidence.evidence().files.length > 0 : evidenceNames.length > 0;
  if (source === undefined) return <ReviewLoading />;

  const openFiles = reviewFileOpener(emails.addEmails, setText);
  const emailReview = forEmail || emails.emails.length > 0;
  return (
    <main class="page review" {...dropTarget(review.started, openFiles)}>
      <ReviewHeader title={reviewTitle(Boolean(source?.selectionText), emailReview)} connection={connection} missing={Boolean(sourceId) && source === null} />
      <ReviewInputs
        webmailTabId={webmailTabId}
        emails={emails}
        forEmail={forEmail}
        text={text}
        onText={setText}
        onFiles={openFiles}
        pageEvidence={pageEvidence}
        evidenceNames={evidenceNames}
        locked={review.started}
      />
      <ReviewRowsList review={review} reading={reading} loaded={indicators !== null} hasText={text.trim() !== ''} comment={send.comment} running={send.running} sendsEvidence={sendsEvidence} />
      <ReviewFooter review={review} send={send} connection={connection} />
    </main>
  );
}
