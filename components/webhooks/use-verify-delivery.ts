import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { formatWait } from '@/utils/problems/sentences';
import { pastedHeaderValue } from '@/utils/webhooks/pasted-header';
import { verifyWebhookSignature, type SignatureVerdict } from '@/utils/webhooks/verify-signature';

/** The prefix of the verify form's ids. */
export const VERIFY_ID = 'webhook-verify';

/** A pasted value of the verify form. */
export type VerifyField = 'body' | 'timestamp' | 'signature' | 'secret';

/** A check's verdict in words, at the field it is about (null: the form as a whole). */
export interface VerifyResult {
  field: VerifyField | null;
  valid: boolean;
  text: string;
}

/** The reasons that are about one pasted value, shown at its field. */
const FIELD_OF: Partial<Record<string, VerifyField>> = { missing_secret: 'secret', malformed_timestamp: 'timestamp', malformed_signature: 'signature' };

/** A verdict in words: how old a valid delivery is, or why it fails. */
export function verdictText(verdict: SignatureVerdict): string {
  if (verdict.valid) return i18n.t('webhooks.verify.valid', [formatWait(Math.abs(verdict.ageSeconds))]);
  if (verdict.reason === 'stale' || verdict.reason === 'future') return i18n.t(`webhooks.verify.reason.${verdict.reason}`, [formatWait(Math.abs(verdict.ageSeconds ?? 0))]);
  return i18n.t(`webhooks.verify.reason.${verdict.reason}`);
}

/** The pasted values and the last verdict: a change clears the verdict, a check moves the focus to the field it blames. */
export function useVerifyDelivery() {
  const [values, setValues] = useState<Record<VerifyField, string>>({ body: '', timestamp: '', signature: '', secret: '' });
  const [result, setResult] = useState<VerifyResult | null>(null);
  const errorFor = (field: VerifyField) => (result?.field === field ? result.text : null);

  function change(field: VerifyField, value: string): void {
    setValues((current) => ({ ...current, [field]: value }));
    setResult(null);
  }

  async function verify(event: Event): Promise<void> {
    event.preventDefault();
    if (values.body === '') return setResult({ field: 'body', valid: false, text: i18n.t('webhooks.verify.body_empty') });
    const verdict = await verifyWebhookSignature({
      body: values.body,
      timestamp: pastedHeaderValue(values.timestamp, 'X-Service-Timestamp'),
      signature: pastedHeaderValue(values.signature, 'X-Service-Signature'),
      secret: values.secret.trim(),
      now: Date.now(),
    });
    const field = verdict.valid ? null : (FIELD_OF[verdict.reason] ?? null);
    setResult({ field, valid: verdict.valid, text: verdictText(verdict) });
    if (field) document.getElementById(`${VERIFY_ID}-${field}`)?.focus();
  }

  return { values, result, errorFor, change, verify };
}
