import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { formatWait } from '@/utils/problems/sentences';
import { pastedHeaderValue } from '@/utils/webhooks/pasted-header';
import { verifyWebhookSignature, type SignatureVerdict } from '@/utils/webhooks/verify-signature';
import { TextField } from '../ui/text-field';

const ID = 'webhook-verify';

type Field = 'body' | 'timestamp' | 'signature' | 'secret';

/** The reasons that are about one pasted value, shown at its field. */
const FIELD_OF: Partial<Record<string, Field>> = { missing_secret: 'secret', malformed_timestamp: 'timestamp', malformed_signature: 'signature' };

function verdictText(verdict: SignatureVerdict): string {
  if (verdict.valid) return i18n.t('webhooks.verify.valid', [formatWait(Math.abs(verdict.ageSeconds))]);
  if (verdict.reason === 'stale' || verdict.reason === 'future') return i18n.t(`webhooks.verify.reason.${verdict.reason}`, [formatWait(Math.abs(verdict.ageSeconds ?? 0))]);
  return i18n.t(`webhooks.verify.reason.${verdict.reason}`);
}

/**
 * "Verify a delivery": checks a pasted body, timestamp and signature against
 * a secret with the very function a receiver would use, in this page; nothing
 * is sent and nothing is kept.
 */
export function VerifyDelivery(): JSX.Element {
  const [values, setValues] = useState<Record<Field, string>>({ body: '', timestamp: '', signature: '', secret: '' });
  const [result, setResult] = useState<{ field: Field | null; valid: boolean; text: string } | null>(null);
  const errorFor = (field: Field) => (result?.field === field ? result.text : null);

  function change(field: Field, value: string): void {
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
    if (field) document.getElementById(`${ID}-${field}`)?.focus();
  }

  const bodyError = errorFor('body');
  return (
    <section class="webhook-verify" aria-labelledby={`${ID}-heading`}>
      <h3 id={`${ID}-heading`}>{i18n.t('webhooks.verify.heading')}</h3>
      <p class="hint">{i18n.t('webhooks.verify.intro')}</p>
      <form noValidate onSubmit={(event) => void verify(event)}>
        <div class="field">
          <label for={`${ID}-body`}>{i18n.t('webhooks.verify.body')}</label>
          <textarea
            id={`${ID}-body`}
            rows={4}
            spellcheck={false}
            value={values.body}
            aria-invalid={bodyError ? true : undefined}
            aria-describedby={[`${ID}-body-hint`, bodyError ? `${ID}-body-error` : null].filter(Boolean).join(' ')}
            onInput={(input) => change('body', input.currentTarget.value)}
          />
          <p id={`${ID}-body-hint`} class="hint">
            {i18n.t('webhooks.verify.body_hint')}
          </p>
          {bodyError && (
            <p id={`${ID}-body-error`} class="field-error" role="alert">
              {bodyError}
            </p>
          )}
        </div>
        <TextField
          id={`${ID}-timestamp`}
          label={i18n.t('webhooks.verify.timestamp')}
          hint={i18n.t('webhooks.verify.timestamp_hint')}
          value={values.timestamp}
          error={errorFor('timestamp')}
          onInput={(value) => change('timestamp', value)}
        />
        <TextField
          id={`${ID}-signature`}
          label={i18n.t('webhooks.verify.signature')}
          hint={i18n.t('webhooks.verify.signature_hint')}
          value={values.signature}
          error={errorFor('signature')}
          onInput={(value) => change('signature', value)}
        />
        <TextField
          id={`${ID}-secret`}
          type="password"
          label={i18n.t('webhooks.verify.secret')}
          value={values.secret}
          error={errorFor('secret')}
          autoComplete="off"
          onInput={(value) => change('secret', value)}
        />
        <button type="submit" class="primary">
          {i18n.t('webhooks.verify.check')}
        </button>
      </form>
      {result && result.field === null && (
        <p class={result.valid ? 'status status-ok verify-result' : 'problem verify-result'} role={result.valid ? 'status' : 'alert'}>
          {result.text}
        </p>
      )}
    </section>
  );
}
