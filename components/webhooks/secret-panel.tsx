import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';

interface SecretPanelProps {
  /** Unique on the page. */
  id: string;
  secret: string;
  /** What the service said beside it, if anything. */
  message: string | null;
  rotated: boolean;
  onDismiss(): void;
}

/** Copies the secret to the clipboard, and says whether it could. */
function useCopySecret(secret: string) {
  const [copy, setCopy] = useState<'copied' | 'copy_failed' | null>(null);
  async function copySecret(): Promise<void> {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('copy_failed');
    }
  }
  return { copy, copySecret };
}

/** The secret in a read-only field that selects itself on focus, described by the warning. */
function SecretValue({ id, secret }: { id: string; secret: string }): JSX.Element {
  return (
    <div class="field">
      <label for={`${id}-value`}>{i18n.t('webhooks.secret.label')}</label>
      <input
        id={`${id}-value`}
        class="secret-value"
        type="text"
        readOnly
        value={secret}
        autoComplete="off"
        spellcheck={false}
        aria-describedby={`${id}-warning`}
        onFocus={(event) => event.currentTarget.select()}
      />
    </div>
  );
}

/**
 * A signing secret, shown this once: it lives in this component's state only
 * (never storage), so dismissing the panel or reloading the page ends it.
 */
export function SecretPanel({ id, secret, message, rotated, onDismiss }: SecretPanelProps): JSX.Element {
  const { copy, copySecret } = useCopySecret(secret);
  const heading = useRef<HTMLHeadingElement>(null);
  // What had the focus before the panel took it: it gets it back when the panel goes.
  const opener = useRef(document.activeElement);
  const warning = i18n.t('webhooks.secret.warning');
  useEffect(() => heading.current?.focus(), []);

  return (
    <section class="secret-panel" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`} tabIndex={-1} ref={heading}>
        {i18n.t('webhooks.secret.heading')}
      </h4>
      <p id={`${id}-warning`} class="secret-warning">
        {warning}
        {rotated && ` ${i18n.t('webhooks.secret.rotated')}`}
      </p>
      {/* The service's note often is the spec's warning itself: shown only when it says more. */}
      {message && !warning.includes(message.trim()) && <p class="hint">{i18n.t('webhooks.service_said', [message])}</p>}
      <SecretValue id={id} secret={secret} />
      <div class="actions">
        <button type="button" onClick={() => void copySecret()}>
          {i18n.t('webhooks.secret.copy')}
        </button>
        <button
          type="button"
          class="primary"
          onClick={() => {
            if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
            onDismiss();
          }}
        >
          {i18n.t('webhooks.secret.dismiss')}
        </button>
      </div>
      {copy && (
        <p class={copy === 'copied' ? 'status status-ok' : 'problem'} role={copy === 'copied' ? 'status' : 'alert'}>
          {i18n.t(`webhooks.secret.${copy}`)}
        </p>
      )}
    </section>
  );
}
