import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { TextField } from '../ui/text-field';
import { connectToService } from '@/utils/connection/connect';
import type { ConnectionField, ConnectionStatus } from '@/utils/connection/types';

interface ConnectionFormProps {
  status: ConnectionStatus | null;
  onSaved(status: ConnectionStatus): void;
}

type FieldErrors = Partial<Record<ConnectionField, string>>;

/** Service URL and API key, verified with the service before anything is saved. */
export function ConnectionForm({ status, onSaved }: ConnectionFormProps): JSX.Element {
  const saved = status && status.state !== 'not_configured' ? status : null;
  const [baseUrl, setBaseUrl] = useState(saved?.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFormError(null);
    const result = await connectToService({ baseUrl, apiKey, hasSavedKey: saved !== null }).catch(
      (error: unknown) => ({
        ok: false as const,
        field: null,
        problem: { kind: 'unexpected_response' as const, message: `The extension could not save: ${String(error)}` },
      }),
    );
    setBusy(false);
    if (result.ok) {
      setApiKey('');
      onSaved(result.status);
    } else if (result.field) {
      setErrors({ [result.field]: result.problem.message });
      // Take keyboard and screen-reader users to the field to fix.
      document.getElementById(result.field)?.focus();
    } else {
      setFormError(result.problem.message);
    }
  }

  return (
    <form class="connection-form" onSubmit={submit} noValidate aria-busy={busy}>
      <TextField
        id="baseUrl"
        label="Service URL"
        type="url"
        value={baseUrl}
        onInput={setBaseUrl}
        placeholder="https://api.example.com"
        hint="The root of your incident API. It must use https (http only for 127.0.0.1 or localhost)."
        error={errors.baseUrl}
      />
      <TextField
        id="apiKey"
        label="API key"
        type="password"
        value={apiKey}
        onInput={setApiKey}
        hint={saved ? `A key ending in ${saved.keyHint} is saved. Leave this empty to keep it.` : 'Stays in this browser; it is sent only to the service URL above.'}
        error={errors.apiKey}
      />
      {formError && (
        <p class="problem" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" class="primary" disabled={busy}>
        {busy ? 'Verifying…' : 'Save and verify'}
      </button>
    </form>
  );
}
