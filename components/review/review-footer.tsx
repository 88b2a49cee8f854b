import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { SavedConnection } from '@/utils/storage/connection-types';
import { ClientPicker } from '../shared/client-picker';
import { FocusableButton } from '../ui/focusable-button';
import { exportResultsCsv } from './review-csv';
import { tallyOf } from './review-state';
import { focusTextSoon } from './review-text';
import { tallyWords } from './tally-words';
import type { ReviewRows } from './use-review-rows';
import type { ReviewSend } from './use-review-send';

interface ReviewFooterProps {
  review: ReviewRows;
  send: ReviewSend;
  connection: SavedConnection | null | undefined;
}

/** The comment and client every report goes with, "Report n", the results' export and "Start over", and the line counting what happened. */
export function ReviewFooter({ review, send, connection }: ReviewFooterProps): JSX.Element {
  const { rows, started } = review;
  const { running } = send;
  const selected = rows.filter((row) => row.selected && row.phase === 'idle').length;
  return (
    <>
      <div class="field">
        <label for="review-comment">{i18n.t('report.form.comment')}</label>
        <textarea id="review-comment" rows={2} value={send.comment} disabled={running} onInput={(event) => send.setComment(event.currentTarget.value)} />
      </div>
      {connection && <ClientPicker id="review-client" clients={connection.clients} value={send.clientId} onChange={send.setClientId} />}
      <div class="actions">
        <FocusableButton type="button" class="primary" unavailable={running || selected === 0 || !connection} onClick={() => void send.reportAll()}>
          {i18n.t('review.report_n', [String(selected)])}
        </FocusableButton>
        {started && (
          <button type="button" disabled={running} onClick={() => exportResultsCsv(rows)}>
            {i18n.t('review.export')}
          </button>
        )}
        {started && !running && <StartOverButton onStartOver={review.startOver} />}
      </div>
      {started && (
        <p class="status review-tally" role="status" aria-live="polite">
          {tallyWords(tallyOf(rows), running)}
        </p>
      )}
    </>
  );
}

/** "Start over": the rows as first shown; this button goes with the results, so the focus goes back to the list. */
function StartOverButton({ onStartOver }: { onStartOver(): void }): JSX.Element {
  return (
    <button
      type="button"
      onClick={() => {
        onStartOver();
        focusTextSoon();
      }}
    >
      {i18n.t('review.start_over')}
    </button>
  );
}
