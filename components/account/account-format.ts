import { i18n } from '#i18n';
import type { Credits } from '@/utils/account/credits';
import { knownRole } from '@/utils/account/users';
import type { AccountDocument } from '@/utils/api/schemas/document';
import { DOCUMENT_TYPES, type DocumentType } from '@/utils/api/schemas/account-vocabulary';
import { getBackgroundService } from '@/utils/messaging/background-service';
import type { Problem } from '@/utils/problems/kinds';
import { messageLocale } from '@/utils/i18n/locale';

/** A client as a person reads it: "Acme Bank (cl_acme_bank)"; without a name, the id said to be one ("Client id cl_acme_bank"). */
export function clientLabel(id: string | null | undefined, name: string | null | undefined): string {
  if (name && id) return `${name} (${id})`;
  if (name) return name;
  return id ? i18n.t('vocabulary.client_id', [id]) : i18n.t('account.missing');
}

/** A balance in words, by the spec's three forms. */
export function creditsLabel(credits: Credits): string {
  switch (credits.kind) {
    case 'number':
      return i18n.t('account.credits.number', credits.remaining, [new Intl.NumberFormat(messageLocale()).format(credits.remaining)]);
    case 'unlimited':
      return i18n.t('account.credits.unlimited');
    case 'not_metered':
      return i18n.t('account.credits.not_metered');
    default:
      return i18n.t('account.credits.unknown');
  }
}

/** A role with its meaning from the spec; an unknown one as written, said to be unknown. */
export function roleLabel(role: string): string {
  const known = knownRole(role);
  return `${role}: ${known ? i18n.t(`account.users.role.${known}`) : i18n.t('account.users.role.unknown')}`;
}

/** A document type in words; an unknown one as the service wrote it. */
export function documentTypeLabel(type: string | null): string {
  if (!type) return i18n.t('account.missing');
  return (DOCUMENT_TYPES as readonly string[]).includes(type) ? i18n.t(`account.documents.type.${type as DocumentType}`) : type;
}

/** Who uploaded a document: name, else email, else nothing known. */
export function uploaderLabel(uploadedBy: AccountDocument['uploadedBy']): string {
  const name = [uploadedBy?.name, uploadedBy?.surname].filter(Boolean).join(' ');
  return name || uploadedBy?.email || i18n.t('account.missing');
}

/** A date as "22 Nov 2026"; an unreadable one as written. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return i18n.t('account.missing');
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : new Intl.DateTimeFormat(messageLocale(), { dateStyle: 'medium' }).format(at);
}

/** The background's account service; a background that does not answer becomes a problem value. */
export async function askAccount<T>(call: (account: ReturnType<typeof getBackgroundService>['account']) => Promise<T>): Promise<T | { ok: false; problem: Problem }> {
  try {
    return await call(getBackgroundService().account);
  } catch {
    return { ok: false, problem: { kind: 'background_unreachable' } };
  }
}
