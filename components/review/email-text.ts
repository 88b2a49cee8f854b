import { i18n } from '#i18n';
import type { AuthResult, EmailReadFailure, EmailReadNote, EmailUnfinished, EmailWarning, FoundWhere } from '@/utils/email/email-types';
import { MAX_ATTACHED_BYTES, MAX_ATTACHED_DEPTH, MAX_ATTACHED_EMAILS, MAX_EMAIL_BYTES, MAX_MIME_PARTS } from '@/utils/email/email-limits';
import { EMAIL_READ_TIMEOUT_MS } from '@/utils/email/read-email-file';
import { formatMegabytes } from '@/utils/problems/sentences';

// The sentences of the review window's emails (issue 23): why one could not be
// read, what it warns of, what the reader left out, where an indicator was found.

/** Why the email file `name` could not be read, and what to do. */
export function describeEmailFailure(failure: EmailReadFailure, name: string, size: number): string {
  switch (failure) {
    case 'too_large':
      return i18n.t('email.failure.too_large', [name, formatMegabytes(size), formatMegabytes(MAX_EMAIL_BYTES)]);
    case 'not_email':
      return i18n.t('email.failure.not_email', [name]);
    case 'too_many_parts':
      return i18n.t('email.failure.too_many_parts', [name, String(MAX_MIME_PARTS)]);
    case 'too_deep':
      return i18n.t('email.failure.too_deep', [name]);
    case 'timeout':
      return i18n.t('email.failure.timeout', [name, String(EMAIL_READ_TIMEOUT_MS / 1000)]);
    case 'malformed':
      return i18n.t('email.failure.malformed', [name]);
  }
}

/** A warning a user can act on, as a sentence. */
export function describeEmailWarning(warning: EmailWarning): string {
  switch (warning.kind) {
    case 'display_name_brand':
      return i18n.t('email.warning.display_name_brand', [warning.name, warning.brand, warning.domain]);
    case 'display_name_address':
      return i18n.t('email.warning.display_name_address', [warning.name, warning.shown, warning.domain]);
    case 'display_name_person_freemail':
      return i18n.t('email.warning.display_name_person_freemail', [warning.name, warning.domain]);
    case 'reply_to_elsewhere':
      return i18n.t('email.warning.reply_to_elsewhere', [warning.replyTo, warning.fromDomain]);
    case 'link_text_mismatch':
      return i18n.t('email.warning.link_text_mismatch', [warning.shownDomain, warning.targetDomain]);
    case 'lookalike':
      return i18n.t(`email.warning.lookalike_${warning.how}`, [warning.domain, warning.like]);
    case 'hidden_characters':
      return i18n.t(`email.warning.hidden_characters_${warning.field}`, [warning.shown]);
  }
}

/** What the reader left out, as a sentence. */
export function describeReadNote(note: EmailReadNote): string {
  switch (note.kind) {
    case 'links_capped':
      return i18n.t('email.note.links_capped', [String(note.kept), String(note.total)]);
    case 'text_capped':
      return i18n.t('email.note.text_capped', [String(note.kept)]);
    case 'attachments_capped':
      return i18n.t('email.note.attachments_capped', [String(note.kept), String(note.total)]);
    case 'nested_not_read':
      return i18n.t('email.note.nested_not_read');
    case 'findings_capped':
      return i18n.t('email.note.findings_capped', [String(note.kept), String(note.total)]);
    case 'attached_not_read':
      return describeAttachedNotRead(note.why, note.count);
  }
}

/** Why `count` attached emails were listed and not read: the levels, the bytes or the number the reader takes. */
function describeAttachedNotRead(why: 'depth' | 'bytes' | 'count', count: number): string {
  switch (why) {
    case 'depth':
      return i18n.t('email.note.attached_not_read_depth', count, [String(count), String(MAX_ATTACHED_DEPTH)]);
    case 'bytes':
      return i18n.t('email.note.attached_not_read_bytes', count, [String(count), formatMegabytes(MAX_ATTACHED_BYTES)]);
    case 'count':
      return i18n.t('email.note.attached_not_read_count', count, [String(count), String(MAX_ATTACHED_EMAILS)]);
  }
}

/** What a reading cut short could not find, and why it stopped (issue 38). */
export function describeUnfinished({ why, missing }: EmailUnfinished): string {
  return i18n.t(`email.unfinished.${why}_${missing}`, [String(EMAIL_READ_TIMEOUT_MS / 1000)]);
}

/** Where an indicator was found: "From", "link text"… */
export function whereWords(where: FoundWhere): string {
  return i18n.t(`email.where.${where}`);
}

/**
 * One authentication result as the headers state it, with the server that
 * wrote it: "SPF pass (smtp.mailfrom=…), recorded by mx.example.net"; a
 * result the receiving side is not shown to have written says so (auth-trust.ts).
 */
export function authResultText(result: AuthResult): string {
  const method = result.method.toUpperCase();
  const stated = result.detail ? `${method} ${result.result} (${result.detail})` : `${method} ${result.result}`;
  if (!result.trusted) return result.by ? i18n.t('email.auth_unverified', [stated, result.by]) : i18n.t('email.auth_unverified_unnamed', [stated]);
  return result.by ? i18n.t('email.auth_by', [stated, result.by]) : stated;
}

/** How a result reads at a glance: passed, failed, or neither; neither when the receiving side is not shown to have written it. */
export function authResultTone(result: string, trusted = true): 'ok' | 'bad' | 'neutral' {
  if (!trusted) return 'neutral';
  if (result === 'pass') return 'ok';
  return ['fail', 'softfail', 'permerror', 'hardfail'].includes(result) ? 'bad' : 'neutral';
}
