import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { formatWhen } from '../incident/incident-format';
import type { useEmails } from './use-emails';
import { useWebmailEmail, type WebmailReaders } from './use-webmail-email';

/** A message's date as the list shows it: Outlook's ISO time in the user's words ("3 days ago (23 Nov 2026, 09:14)"), Gmail's as its page wrote it. */
function dateWords(date: string): string {
  return /^\d{4}-\d\d-\d\dT/.test(date) ? (formatWhen(date) ?? date) : date;
}

interface WebmailSectionProps {
  /** The webmail tab the window was opened for (`?webmail=`), or null. */
  tabId: number | null;
  /** The window's emails: the webmail's is added there, as if dropped; another message picked replaces it. */
  emails: ReturnType<typeof useEmails>;
  disabled: boolean;
  readers?: WebmailReaders;
}

/**
 * The email open in the webmail tab (issue 40): being read, the
 * conversation's messages to pick another from, or why it could not be read
 * and what to do instead.
 */
export function WebmailSection({ tabId, emails, disabled, readers }: WebmailSectionProps): JSX.Element | null {
  const { state, pick } = useWebmailEmail(
    tabId,
    (file, replaced) => {
      const old = emails.emails.find((entry) => entry.file === replaced);
      if (old) emails.removeEmail(old.key);
      emails.addEmails([file]);
    },
    readers,
  );
  if (!state) return null;
  const conversation = state.phase === 'reading' ? undefined : state.conversation;
  return (
    <section class="webmail" aria-label={i18n.t('webmail.section_label')}>
      {state.phase === 'reading' && (
        <p class="status status-pending" role="status">
          {i18n.t('webmail.reading')}
        </p>
      )}
      {state.phase === 'failed' && (
        <p class="problem" role="alert">
          {i18n.t(state.provider === 'outlook' ? `webmail.outlook_failure.${state.failure}` : `webmail.failure.${state.failure}`)}
        </p>
      )}
      {state.phase === 'read' && state.shownOnly && (
        <p class="problem" role="status">
          {i18n.t('webmail.shown_only')}
        </p>
      )}
      {conversation && conversation.messages.length > 1 && (
        <div class="field">
          <label for="webmail-message">{i18n.t('webmail.pick_label')}</label>
          <select id="webmail-message" disabled={disabled} value={state.phase === 'read' ? String(state.index) : ''} onChange={(event) => pick(Number(event.currentTarget.value))}>
            {state.phase !== 'read' && <option value="" />}
            {conversation.messages.map((message, index) => (
              <option key={message.itemId ?? message.legacyId} value={String(index)}>
                {[message.sender, dateWords(message.date)].filter(Boolean).join(' · ') || message.itemId || message.legacyId}
              </option>
            ))}
          </select>
        </div>
      )}
    </section>
  );
}
