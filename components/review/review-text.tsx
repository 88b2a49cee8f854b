import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';

/**
 * Whether the text box is open: always outside an email's review; in one,
 * as the user left it, else only while it holds text (a selection's, an
 * opened list's) — an empty box there is folded (issue 44).
 */
export function isTextShown({ emailReview, text, opened }: { emailReview: boolean; text: string; opened: boolean | null }): boolean {
  return !emailReview || (opened ?? text !== '');
}

/** Moves the focus to the text box once drawn, or to its button while it is folded. */
export function focusTextSoon(): void {
  requestAnimationFrame(() => {
    const box = document.getElementById('review-text');
    (box && !box.closest('[hidden]') ? box : document.getElementById('review-text-toggle'))?.focus();
  });
}

interface ReviewTextProps {
  text: string;
  /** The review is of emails: the box is folded behind a button until wanted, and shorter. */
  emailReview: boolean;
  disabled: boolean;
  onText(text: string): void;
}

/**
 * The text searched for indicators: a selection's, a pasted or opened list.
 * In an email's review it is folded behind "Search more text…" until wanted
 * (issue 44); folded, it keeps what it holds, and what it holds is still searched.
 */
export function ReviewText({ text, emailReview, disabled, onText }: ReviewTextProps): JSX.Element {
  // What the user chose; null while the box follows what the review is of.
  const [opened, setOpened] = useState<boolean | null>(null);
  const shown = isTextShown({ emailReview, text, opened });
  return (
    <>
      {emailReview && (
        <button type="button" id="review-text-toggle" class="review-text-toggle" aria-expanded={shown} aria-controls="review-text-field" onClick={() => setOpened(!shown)}>
          <span aria-hidden="true">{shown ? '▾' : '▸'}</span> {i18n.t('review.text_more')}
        </button>
      )}
      <div class="field" id="review-text-field" hidden={!shown}>
        <label for="review-text">{i18n.t('review.text_label')}</label>
        <textarea
          id="review-text"
          rows={emailReview ? 3 : 6}
          value={text}
          disabled={disabled}
          aria-describedby="review-text-hint"
          onInput={(event) => {
            onText(event.currentTarget.value);
            // What the user types keeps the box open, even once they clear it.
            setOpened(true);
          }}
        />
        <p id="review-text-hint" class="hint">
          {i18n.t('review.text_hint')}
        </p>
      </div>
    </>
  );
}
