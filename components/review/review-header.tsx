import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { SavedConnection } from '@/utils/storage/connection-types';
import { ProblemMessage } from '../ui/problem-message';
import { fixLink } from '../ui/fix-link';

type ReviewTitle = 'review.title_selection' | 'review.title_email' | 'review.title_bulk';

/** The window's title: what it was opened on (a selection, emails, or a list). */
export function reviewTitle(selection: boolean, emailReview: boolean): ReviewTitle {
  if (selection) return 'review.title_selection';
  return emailReview ? 'review.title_email' : 'review.title_bulk';
}

interface ReviewHeaderProps {
  title: ReviewTitle;
  connection: SavedConnection | null | undefined;
  /** The report the window was opened on is gone. */
  missing: boolean;
}

/** The window's heading, and what stops a report before any row: no connection set up, or the report it was opened on gone. */
export function ReviewHeader({ title, connection, missing }: ReviewHeaderProps): JSX.Element {
  return (
    <>
      <header class="page-header">
        <img src="/icon/48.png" alt="" width={28} height={28} />
        <h1>{i18n.t(title)}</h1>
      </header>
      {connection === null && <ProblemMessage problem={{ kind: 'not_configured' }} extra={fixLink({ kind: 'not_configured' })} />}
      {missing && <ProblemMessage problem={{ kind: 'report_missing' }} />}
    </>
  );
}

/** While the report the window was opened on is read. */
export function ReviewLoading(): JSX.Element {
  return (
    <main class="page review">
      <p class="status status-pending">{i18n.t('review.loading')}</p>
    </main>
  );
}
