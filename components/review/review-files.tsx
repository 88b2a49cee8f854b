import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { i18n } from '#i18n';

/** A list file (read into the text) or anything else (read as an email: .eml, .msg, or refused with the reason). */
export function isListFile(file: File): boolean {
  return /\.(txt|csv)$/i.test(file.name);
}

interface ReviewFilesProps {
  disabled: boolean;
  /** Opened ready for an email ("Report an email…"): the button has the focus. */
  focusFirst: boolean;
  /** The sentences of the files that could not be read, tied to the button. */
  problems: readonly { key: string; text: string }[];
  onFiles(files: File[]): void;
}

/**
 * "Open emails or lists…": .eml and .msg emails, .txt and .csv lists, several
 * at once; the same files can be dropped anywhere on the window.
 */
export function ReviewFiles({ disabled, focusFirst, problems, onFiles }: ReviewFilesProps): JSX.Element {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusFirst) input.current?.focus();
  }, [focusFirst]);
  const describedBy = ['review-files-hint', ...problems.map(({ key }) => `review-file-${key}`)].join(' ');
  return (
    <div class="field review-files">
      <label class="file-button">
        {i18n.t('review.open_files')}
        <input
          ref={input}
          type="file"
          multiple
          accept=".eml,.msg,.txt,.csv,message/rfc822,application/vnd.ms-outlook,text/plain,text/csv"
          disabled={disabled}
          aria-describedby={describedBy}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            if (files.length > 0) onFiles(files);
            event.currentTarget.value = '';
          }}
        />
      </label>
      <p id="review-files-hint" class="hint">
        {i18n.t('review.open_files_hint')}
      </p>
      {problems.map(({ key, text }) => (
        <p key={key} id={`review-file-${key}`} class="field-error" role="alert">
          {text}
        </p>
      ))}
    </div>
  );
}
