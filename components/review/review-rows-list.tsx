import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { NotRecognisedList } from './not-recognised-list';
import { ReviewRow } from './review-row';
import type { ReviewRows } from './use-review-rows';
import type { TextReading } from './use-text-reading';

interface ReviewRowsListProps {
  review: ReviewRows;
  reading: TextReading;
  /** False until the indicator libraries have loaded. */
  loaded: boolean;
  /** The text is not blank (a blank one finding nothing says nothing). */
  hasText: boolean;
  comment: string;
  running: boolean;
  /** The page's evidence goes with every row not read from an email. */
  sendsEvidence: boolean;
}

/** The rows found, each with its checkbox, action and result; or why there are none yet; then what was not recognised. */
export function ReviewRowsList({ review, reading, loaded, hasText, comment, running, sendsEvidence }: ReviewRowsListProps): JSX.Element {
  const { rows, started, update, followedUp } = review;
  return (
    <>
      {!loaded && <p class="status status-pending">{i18n.t('review.loading')}</p>}
      {loaded && rows.length === 0 && hasText && <p class="problem">{i18n.t('review.none_found')}</p>}
      {rows.length > 0 && (
        <ul class="review-rows" aria-label={i18n.t('review.rows_label')}>
          {rows.map((row, index) => (
            <ReviewRow
              key={`${index}-${row.found.text}`}
              row={row}
              index={index}
              comment={comment}
              disabled={running}
              hasEvidence={row.email !== undefined || sendsEvidence}
              onToggle={(value) => update(index, { selected: value })}
              onAction={(action) => update(index, { action })}
              onReport={(report) => update(index, { report })}
              onFollowedUp={(kind) => followedUp(index, kind)}
            />
          ))}
        </ul>
      )}
      {reading.hadNotRecognised && <NotRecognisedList items={reading.notRecognised} disabled={started} check={reading.check} onAdd={reading.add} />}
    </>
  );
}
