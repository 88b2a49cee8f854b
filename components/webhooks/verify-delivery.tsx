import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { TextField } from '../ui/text-field';
import { useVerifyDelivery, VERIFY_ID as ID, type VerifyResult } from './use-verify-delivery';

/** The pasted body, with its hint and its refusal tied to it. */
function BodyField({ value, error, onInput }: { value: string; error: string | null; onInput(value: string): void }): JSX.Element {
  return (
    <div class="field">
      <label for={`${ID}-body`}>{i18n.t('webhooks.verify.body')}</label>
      <textarea
        id={`${ID}-body`}
        rows={4}
        spellcheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${ID}-body-hint`, error ? `${ID}-body-error` : null].filter(Boolean).join(' ')}
        onInput={(input) => onInput(input.currentTarget.value)}
      />
      <p id={`${ID}-body-hint`} class="hint">
        {i18n.t('webhooks.verify.body_hint')}
      </p>
      {error && (
        <p id={`${ID}-body-error`} class="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The verdict about the delivery as a whole (one about a field shows at that field). */
function VerifyVerdict({ result }: { result: VerifyResult | null }): JSX.Element | null {
  if (!result || result.field !== null) return null;
  return (
    <p class={result.valid ? 'status status-ok verify-result' : 'problem verify-result'} role={result.valid ? 'status' : 'alert'}>
      {result.text}
    </p>
  );
}

/**
 * "Verify a delivery": checks a pasted body, timestamp and signature against
 * a secret with the very function a receiver would use, in this page; nothing
 * is sent and nothing is kept.
 */
export function VerifyDelivery(): JSX.Element {
  const { values, result, errorFor, change, verify } = useVerifyDelivery();
  return (
    <section class="webhook-verify" aria-labelledby={`${ID}-heading`}>
      <h3 id={`${ID}-heading`}>{i18n.t('webhooks.verify.heading')}</h3>
      <p class="hint">{i18n.t('webhooks.verify.intro')}</p>
      <form noValidate onSubmit={(event) => void verify(event)}>
        <BodyField value={values.body} error={errorFor('body')} onInput={(value) => change('body', value)} />
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
      <VerifyVerdict result={result} />
    </section>
  );
}
