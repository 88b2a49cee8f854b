import type { JSX } from 'preact';
import { i18n } from '#i18n';

/** The organisation's own domains, one a line, with why the list cannot be saved. */
export function OwnDomainsField({ value, error, onInput }: { value: string; error: string | null; onInput(value: string): void }): JSX.Element {
  return (
    <div class="field">
      <label for="settings-own-domains">{i18n.t('settings.own_domains')}</label>
      <textarea
        id="settings-own-domains"
        rows={3}
        value={value}
        spellcheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'settings-own-domains-hint settings-own-domains-error' : 'settings-own-domains-hint'}
        onInput={(event) => onInput(event.currentTarget.value)}
      />
      <p id="settings-own-domains-hint" class="hint">
        {i18n.t('settings.own_domains_hint')}
      </p>
      {error && (
        <p id="settings-own-domains-error" class="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
