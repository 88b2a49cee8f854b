import { openReviewPage } from '@/utils/messaging/review-page';
import type { Settings } from '@/utils/settings/settings';

// The popup's ways into the review window: "Report a list…", "Report an
// email…", and emails dropped on the popup (issue 23): the popup
// is too small, and closes too easily, to read an email in; the review window
// reads it. Dropped files travel there as a draft's files (the report store
// is what both pages share), then the popup closes.

/** Opens the review window empty, for a pasted or dropped list. */
export async function openBulkReview(): Promise<void> {
  await openReviewPage();
  window.close();
}

/** Opens the review window ready for an email: its "Open emails or lists…" button has the focus. */
export async function openEmailReview(): Promise<void> {
  await openReviewPage('?email=1');
  window.close();
}

/** Opens the review window on files dropped on the popup, read there as emails. */
export async function reviewDroppedEmails(files: readonly File[], settings: Settings | null): Promise<void> {
  const { createPageDraft, userFiles } = await import('@/utils/drafts/page-drafts');
  const source = await createPageDraft({
    action: settings?.defaultAction ?? 'tkd',
    subject: { type: 'email', value: '' },
    fields: {},
    files: userFiles(files),
    origin: 'review',
    openAs: 'emails',
  });
  await openReviewPage(`?email=1&report=${encodeURIComponent(source.id)}`);
  window.close();
}

/** Opens the review window on the email open in a webmail tab (issue 40): the window reads it from that tab. */
export async function openWebmailReview(tabId: number): Promise<void> {
  await openReviewPage(`?email=1&webmail=${tabId}`);
  window.close();
}
