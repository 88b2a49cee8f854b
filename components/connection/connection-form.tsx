import type { JSX } from 'preact';
import { FocusableButton } from '../ui/focusable-button';
import { TextField } from '../ui/text-field';
import { i18n } from '#i18n';
import { SAVE_ID, useConnectionForm } from './use-connection-form';
import { checkBaseUrl } from '@/utils/connection/base-url';
import { describeProblem } from '@/utils/problems/sentences';
import type { ConnectionStatus } from '@/utils/storage/connection-types';
import type { ManagedView } from '@/utils/settings/managed';

interface ConnectionFormProps {
  status: ConnectionStatus | null;
  onSaved(status: ConnectionStatus): void;
  /** What the organisation's policy sets: those fields are locked. */
  managed: ManagedView;
}

/** Service URL and API key, verified with the service before anything is saved. */
export function ConnectionForm({ status, onSaved, managed }: ConnectionFormProps): JSX.Element {
  const { saved, baseUrl, setBaseUrl, apiKey, setApiKey, errors, formError, busy, keptApart, submit } = useConnectionForm(status, managed, onSaved);
  // A policy key with no policy URL is never sent anywhere: said on the URL field before any attempt.
  const incompletePolicy = managed.hasApiKey && managed.baseUrl === undefined;
  // What the service URL will be once normalised, shown as it is typed (a missing scheme, a trailing /v1).
  const willUse = checkBaseUrl(managed.baseUrl ?? baseUrl);
  const policyProblem = incompletePolicy ? describeProblem({ kind: 'invalid_input', reason: 'policy_url_missing' }) : undefined;

  return (
    <form class="connection-form" onSubmit={submit} noValidate aria-busy={busy}>
      <TextField
        id="baseUrl"
        label={i18n.t('connection.form.base_url')}
        type="url"
        value={managed.baseUrl ?? baseUrl}
        onInput={setBaseUrl}
        readOnly={managed.baseUrl !== undefined}
        placeholder="https://api.example.com"
        hint={managed.baseUrl ? i18n.t('managed.locked') : i18n.t('connection.form.base_url_hint')}
        error={errors.baseUrl ?? policyProblem}
      />
      {willUse.ok && (
        <p class="hint" id="baseUrl-will-use" data-testid="base-url-will-use">
          {i18n.t('connection.form.will_connect', [willUse.address.baseUrl])}
        </p>
      )}
      {managed.hasApiKey ? (
        <p class="hint" id="apiKey-managed">
          {i18n.t('managed.key_set')}
        </p>
      ) : (
        <TextField
          id="apiKey"
          label={i18n.t('connection.form.api_key')}
          type="password"
          value={apiKey}
          onInput={setApiKey}
          hint={saved ? i18n.t('connection.form.api_key_hint_saved', [saved.keyHint]) : i18n.t('connection.form.api_key_hint_new')}
          error={errors.apiKey}
        />
      )}
      {keptApart > 0 && (
        <p class="notice" role="status">
          {i18n.t('account_change.kept_apart', [String(keptApart)])}
        </p>
      )}
      {formError && (
        <p class="problem" role="alert">
          {formError}
        </p>
      )}
      <FocusableButton id={SAVE_ID} type="submit" class="primary" unavailable={busy}>
        {busy ? i18n.t('connection.form.saving') : i18n.t('connection.form.save')}
      </FocusableButton>
    </form>
  );
}
