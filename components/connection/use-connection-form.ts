import { useState } from 'preact/hooks';
import { focusSoon } from '../ui/focus-soon';
import { connectToService } from './connect';
import { describeProblem } from '@/utils/problems/sentences';
import type { ConnectionField, ConnectionStatus } from '@/utils/storage/connection-types';
import type { ManagedView } from '@/utils/settings/managed';

type FieldErrors = Partial<Record<ConnectionField, string>>;

/** The id of the save button, which keeps the focus when a new connection redraws the form. */
export const SAVE_ID = 'connection-save';

/** The saved connection, if there is one (not_configured: none). */
function savedOf(status: ConnectionStatus | null) {
  return status && status.state !== 'not_configured' ? status : null;
}

/**
 * The connection form's state and its submit: the service checks the URL and
 * key; a refusal goes to its field (which takes the focus), or the form.
 */
export function useConnectionForm(status: ConnectionStatus | null, managed: ManagedView, onSaved: (status: ConnectionStatus) => void) {
  const saved = savedOf(status);
  const [baseUrl, setBaseUrl] = useState(saved?.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [keptApart, setKeptApart] = useState(0);

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFormError(null);
    const result = await connectToService({ baseUrl: managed.baseUrl ?? baseUrl, apiKey, hasSavedKey: saved !== null || managed.hasApiKey }).catch(() => ({
      ok: false as const,
      field: null,
      problem: { kind: 'background_unreachable' as const },
    }));
    setBusy(false);
    if (result.ok) {
      setApiKey('');
      setKeptApart(result.reportsKeptApart ?? 0);
      onSaved(result.status);
      // A new connection redraws the form: the focus stays on its button.
      focusSoon(SAVE_ID);
    } else if (result.field) {
      setErrors({ [result.field]: describeProblem(result.problem) });
      // Take keyboard and screen-reader users to the field to fix.
      document.getElementById(result.field)?.focus();
    } else {
      setFormError(describeProblem(result.problem));
    }
  }

  return { saved, baseUrl, setBaseUrl, apiKey, setApiKey, errors, formError, busy, keptApart, submit };
}
