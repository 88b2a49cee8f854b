import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { AuthResult, EmailAnalysis, EmailAttachment, EmailMessage, EmailUnfinished } from '@/utils/email/email-types';
import { mailboxText } from '@/utils/email/mailbox';
import { revealInvisible } from '@/utils/indicators/invisible';
import { formatFileSize } from '../shared/labels';
import { authResultText, authResultTone, describeEmailWarning, describeReadNote, describeUnfinished } from './email-text';
import { ReceivedHops, emailTime } from './received-hops';

interface EmailCardProps {
  /** Unique in the page: the ids of the card's parts start with it. */
  id: string;
  fileName: string;
  /** The email it was attached to, when it was. */
  attachedTo?: string | undefined;
  analysis: EmailAnalysis;
  /** What its reading, cut short, could not find (issue 38). */
  unfinished?: EmailUnfinished | undefined;
  onRemove(): void;
  /** Reporting has started: the email stays. */
  locked: boolean;
}

/** Text the sender wrote, its invisible and direction-changing characters shown as ⟨U+XXXX⟩, isolated so its direction cannot run into the page's. */
function Written({ text }: { text: string }): JSX.Element {
  return <bdi>{revealInvisible(text)}</bdi>;
}

/** One header line of the summary, left out when the email has none. */
function Line({ label, value }: { label: string; value: string | null | undefined }): JSX.Element | null {
  if (!value) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <Written text={value} />
      </dd>
    </>
  );
}

/** The sender's headers as text, each left out when the email has none. */
function EmailHeaders({ message }: { message: EmailMessage }): JSX.Element {
  return (
    <dl class="email-headers">
      <Line label={i18n.t('email.header.from')} value={message.from && mailboxText(message.from)} />
      <Line label={i18n.t('email.header.reply_to')} value={message.replyTo.map(mailboxText).join(', ')} />
      <Line label={i18n.t('email.header.return_path')} value={message.returnPath} />
      <Line label={i18n.t('email.header.sender')} value={message.sender && mailboxText(message.sender)} />
      <Line label={i18n.t('email.header.to')} value={message.to.map(mailboxText).join(', ')} />
      <Line label={i18n.t('email.header.date')} value={message.date && emailTime(message.date)} />
    </dl>
  );
}

/** The warnings a user can act on, none shown when there are none. */
function EmailWarnings({ warnings }: { warnings: EmailAnalysis['warnings'] }): JSX.Element | null {
  if (warnings.length === 0) return null;
  return (
    <ul class="email-warnings" aria-label={i18n.t('email.warnings_label')}>
      {warnings.map((warning, index) => (
        <li key={index} class="email-warning" data-kind={warning.kind}>
          {describeEmailWarning(warning)}
        </li>
      ))}
    </ul>
  );
}

/** The authentication results as the receiving server recorded them, each with its tone and whether that server is trusted. */
function EmailAuth({ id, auth }: { id: string; auth: readonly AuthResult[] }): JSX.Element {
  return (
    <div class="email-auth">
      <p class="hint" id={`${id}-auth`}>
        {i18n.t('email.auth_heading')}
      </p>
      {auth.length > 0 ? (
        <ul class="email-auth-results" aria-labelledby={`${id}-auth`}>
          {auth.map((result, index) => (
            <li key={index} data-tone={authResultTone(result.result, result.trusted)} data-trusted={String(result.trusted)} data-method={result.method}>
              {authResultText(result)}
            </li>
          ))}
        </ul>
      ) : (
        <p>{i18n.t('email.auth_none')}</p>
      )}
    </div>
  );
}

/** The attached files, folded: name, type, size and SHA-256 of each, never opened. */
function EmailAttachments({ attachments }: { attachments: readonly EmailAttachment[] }): JSX.Element | null {
  if (attachments.length === 0) return null;
  return (
    <details class="email-attachments">
      <summary>{i18n.t('email.attachments', [String(attachments.length)])}</summary>
      <p class="hint">{i18n.t('email.attachments_hint')}</p>
      <ul>
        {attachments.map((attachment, index) => (
          <li key={index}>
            <strong>
              <Written text={attachment.name} />
            </strong>{' '}
            · {attachment.type} · {formatFileSize(attachment.size)}
            <br />
            <code class="hash">{i18n.t('email.sha256', [attachment.sha256])}</code>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * What an email says above its indicators: its headers as text (never
 * rendered), the warnings a user can act on, the authentication results as
 * the receiving server recorded them, the Received chain, the attachments.
 */
export function EmailCard({ id, fileName, attachedTo, analysis, unfinished, onRemove, locked }: EmailCardProps): JSX.Element {
  const { message, auth, received, warnings } = analysis;
  const headingId = `${id}-subject`;
  return (
    <section class="email-card" aria-labelledby={headingId} data-email={fileName}>
      <div class="email-card-top">
        <h2 id={headingId}>{message.subject !== null ? <Written text={message.subject} /> : i18n.t('email.no_subject')}</h2>
        {!locked && (
          <button type="button" class="link-button" onClick={onRemove} aria-label={i18n.t('email.remove_label', [fileName])}>
            {i18n.t('email.remove')}
          </button>
        )}
      </div>
      <p class="hint">{i18n.t(message.format === 'msg' ? 'email.file_msg' : 'email.file_eml', [fileName])}</p>
      {unfinished && <p class="hint warning email-unfinished">{describeUnfinished(unfinished)}</p>}
      {attachedTo && <p class="hint">{i18n.t('email.attached_to', [attachedTo])}</p>}
      {(message.attachedEmails?.length ?? 0) > 0 && <p class="hint warning">{i18n.t('email.wrapper', [String(message.attachedEmails?.length ?? 0)])}</p>}
      <EmailHeaders message={message} />
      <EmailWarnings warnings={warnings} />
      <EmailAuth id={id} auth={auth} />
      <ReceivedHops id={id} chain={received} />
      <EmailAttachments attachments={message.attachments} />
      {message.notes.map((note, index) => (
        <p key={index} class="hint">
          {describeReadNote(note)}
        </p>
      ))}
    </section>
  );
}
