import { i18n } from '#i18n';
import { browser } from 'wxt/browser';
import { ATTACHMENT_LIMITS, estimateMultipartBytes } from '../api/attachments';
import type { ReportFields } from '../api/schemas/report';
import type { EmailMessage } from '../email/email-types';
import { mailboxText } from '../email/mailbox';
import { readBrowserInfo } from '../evidence/capture';
import { oneLine } from '../evidence/one-line';
import type { EmailEvidence, EvidenceContext } from '../storage/evidence-context';
import type { StoredFile } from '../storage/report-types';
import { RECORD_RESERVE_BYTES } from './file-limits';

// What an email's indicators are reported with (issue 23): the email file
// itself, a text rendering of its headers, and the evidence record naming
// the email. An email too big for the upload limits (12 files, under 10 MB)
// goes as its headers and its text instead, and the record says so.

/** The names the evidence files of an email are sent under. */
export const EMAIL_HEADERS_NAME = 'email-headers.txt';
export const EMAIL_TEXT_NAME = 'email-text.txt';

const TYPE_OF_FORMAT = { eml: 'message/rfc822', msg: 'application/vnd.ms-outlook' } as const;

/** An email's evidence: the files each of its reports carries, and the context its evidence record is written from. */
export interface EmailEvidenceFiles {
  files: StoredFile[];
  context: EvidenceContext;
}

/** The email's file name with the extension its format takes (the service accepts .eml and .msg by name). */
function originalName(fileName: string, format: EmailMessage['format']): string {
  const name = fileName.trim() || 'email';
  return name.toLowerCase().endsWith(`.${format}`) ? name : `${name}.${format}`;
}

/** The headers as a person reads them: the decoded summary first, each value kept on its line, then every header as received, raw. */
export function emailHeadersText(message: EmailMessage): string {
  const mailboxes = (list: EmailMessage['to']) => list.map(mailboxText).join(', ');
  const header = (name: string, value: string | null | undefined) => `${name}: ${oneLine(value ?? '')}`;
  const lines = [
    i18n.t('email.file.heading'),
    '',
    header('Subject', message.subject),
    header('From', message.from && mailboxText(message.from)),
    ...(message.sender ? [header('Sender', mailboxText(message.sender))] : []),
    ...(message.replyTo.length > 0 ? [header('Reply-To', mailboxes(message.replyTo))] : []),
    ...(message.returnPath ? [header('Return-Path', message.returnPath)] : []),
    header('To', mailboxes(message.to)),
    ...(message.cc.length > 0 ? [header('Cc', mailboxes(message.cc))] : []),
    header('Date', message.date),
    ...(message.messageId ? [header('Message-ID', message.messageId)] : []),
    '',
    i18n.t('email.file.as_received'),
    '',
    // The block as received stays raw: it is the evidence itself.
    message.headersText,
  ];
  return lines.join('\n');
}

/** True when these files, with the evidence record still to come, fit the service's upload limits. */
function fits(files: readonly StoredFile[], fields: ReportFields): boolean {
  const attachments = files.map((file) => new File([file.blob], file.name, { type: file.type }));
  return files.length + 1 <= ATTACHMENT_LIMITS.maxFiles && estimateMultipartBytes(fields, attachments) + RECORD_RESERVE_BYTES < ATTACHMENT_LIMITS.maxTotalBytes;
}

/** The email file and its headers, as they would be attached. */
function wholeEmail(file: Blob & { name: string }, message: EmailMessage): [StoredFile, StoredFile] {
  const original: StoredFile = { name: originalName(file.name, message.format), type: TYPE_OF_FORMAT[message.format], blob: file, role: 'extra' };
  const headers: StoredFile = { name: EMAIL_HEADERS_NAME, type: 'text/plain', blob: new Blob([emailHeadersText(message)], { type: 'text/plain' }), role: 'extra' };
  return [original, headers];
}

/** True when the email itself goes with its indicators' reports; false when only its headers and text fit the upload limits. */
export function emailFitsLimits(file: Blob & { name: string }, message: EmailMessage, fields: ReportFields = {}): boolean {
  return fits(wholeEmail(file, message), fields);
}

/**
 * The evidence of an email's indicators: the email and its headers when they
 * fit the upload limits with `fields`, else its headers and its text.
 */
export async function buildEmailEvidence(file: Blob & { name: string }, message: EmailMessage, fields: ReportFields, readAt: Date = new Date()): Promise<EmailEvidenceFiles> {
  const whole = wholeEmail(file, message);
  const headers = whole[1];
  const text: StoredFile = { name: EMAIL_TEXT_NAME, type: 'text/plain', blob: new Blob([message.text], { type: 'text/plain' }), role: 'extra' };
  const attached: EmailEvidence['attached'] = fits(whole, fields) ? 'original' : 'headers_and_text';
  const email: EmailEvidence = {
    fileName: file.name,
    ...(message.subject ? { subject: message.subject } : {}),
    ...(message.from ? { from: mailboxText(message.from) } : {}),
    ...(message.date ? { date: message.date } : {}),
    ...(message.messageId ? { messageId: message.messageId } : {}),
    attached,
  };
  return {
    files: attached === 'original' ? whole : [headers, text],
    context: {
      requestedUrl: '',
      email,
      capturedAt: readAt,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      browser: await readBrowserInfo(),
      extensionVersion: browser.runtime.getManifest().version,
    },
  };
}
