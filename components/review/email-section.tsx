import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { emailFitsLimits } from '@/utils/drafts/email-evidence';
import { EmailCard } from './email-card';
import { describeEmailFailure } from './email-text';
import type { EmailEntry } from './use-emails';

/** The sentences of the emails that could not be read, for the files button they came from. */
export function emailProblems(emails: readonly EmailEntry[]): { key: string; text: string }[] {
  return emails.flatMap(({ key, file, reading }) => (reading && !reading.ok ? [{ key, text: describeEmailFailure(reading.failure, file.name, file.size) }] : []));
}

interface EmailSectionProps {
  emails: readonly EmailEntry[];
  locked: boolean;
  onRemove(key: string): void;
}

/** The emails opened in the review window: each read one shown as text above the indicators, the others as "Reading…". */
export function EmailSection({ emails, locked, onRemove }: EmailSectionProps): JSX.Element | null {
  if (emails.length === 0) return null;
  return (
    <div class="email-section">
      {emails.map(({ key, file, reading, attachedTo }, index) => {
        if (!reading)
          return (
            <p key={key} class="status status-pending" role="status">
              {i18n.t('email.reading', [file.name])}
            </p>
          );
        if (!reading.ok) return null;
        const whole = emailFitsLimits(file, reading.analysis.message);
        return (
          <div key={key}>
            <EmailCard
              id={`email-${index}`}
              fileName={file.name}
              attachedTo={attachedTo?.name}
              analysis={reading.analysis}
              unfinished={reading.unfinished}
              locked={locked}
              onRemove={() => onRemove(key)}
            />
            <p class={whole ? 'hint' : 'hint warning'}>{whole ? i18n.t('email.evidence_whole') : i18n.t('email.evidence_too_big')}</p>
          </div>
        );
      })}
    </div>
  );
}
