import { useEffect, useState } from 'preact/hooks';
import { getBackgroundService } from '@/utils/messaging/background-service';
import { describeIndicatorWarning, describeProblem } from '@/utils/problems/sentences';
import type { Problem } from '@/utils/problems/kinds';
import type { IncidentKey, IncidentLookup } from '@/utils/incidents/incident-service';
import type { IncidentActions as IncidentActionsComponent } from './incident-actions';
import type { IncidentExtrasView as IncidentExtrasComponent } from './incident-extras';
import type { IncidentView as IncidentViewComponent } from './incident-view';

/** A lookup's answer, with what was looked up. */
export type LookupResult = { key: IncidentKey; subject: string; lookup: IncidentLookup };

/** The incident's views, loaded with the first lookup, not with the popup. */
export interface IncidentViews {
  IncidentView: typeof IncidentViewComponent;
  IncidentActions: typeof IncidentActionsComponent;
  IncidentExtrasView: typeof IncidentExtrasComponent;
}

/** Finds the incident `key` names, a background that cannot be reached answering as a problem. */
function findIncident(key: IncidentKey): Promise<IncidentLookup> {
  return getBackgroundService()
    .incidents.find(key)
    .catch((): IncidentLookup => ({ found: null, problem: { kind: 'background_unreachable' } as Problem }));
}

/** Loads the incident's views (the first call loads their code). */
async function loadIncidentViews(): Promise<IncidentViews> {
  const [view, actionsModule, extrasModule] = await Promise.all([import('./incident-view'), import('./incident-actions'), import('./incident-extras')]);
  return { IncidentView: view.IncidentView, IncidentActions: actionsModule.IncidentActions, IncidentExtrasView: extrasModule.IncidentExtrasView };
}

/**
 * The lookup's state: the typed text, its refusal or warning, the answer and
 * the views that show it; `lookUp` checks and looks the text up, and a
 * `shown` incident (by its id) is looked up as it comes.
 */
export function useIncidentLookup(phoneCountry: string, shown: { id: string; subject: string } | null | undefined) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A warning (an unknown top-level domain) never stops the lookup: the service judges (issue 19).
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<LookupResult | null>(null);
  const [views, setViews] = useState<IncidentViews | null>(null);
  const [version, setVersion] = useState(0);

  /** Looks the same incident up again after an action, to show it as it is now. */
  async function refresh(key: IncidentKey, subject: string): Promise<void> {
    const lookup = await getBackgroundService()
      .incidents.find(key)
      .catch(() => null);
    if (lookup) setResult({ key, subject, lookup });
    setVersion((value) => value + 1);
  }

  /** Finds the incident `key` names and shows it, loading its view with the first one. */
  async function show(key: IncidentKey, subject: string): Promise<void> {
    setResult(null);
    setBusy(true);
    const [lookup, loaded] = await Promise.all([findIncident(key), loadIncidentViews()]);
    setViews(loaded);
    setBusy(false);
    setResult({ key, subject, lookup });
  }

  useEffect(() => {
    if (!shown) return;
    setText(shown.subject);
    setError(null);
    setWarning(null);
    void show({ id: shown.id }, shown.subject);
  }, [shown]);

  async function lookUp(): Promise<void> {
    setResult(null);
    const { checkIndicator } = await import('@/utils/indicators/check');
    const check = checkIndicator(text, phoneCountry ? { defaultCountry: phoneCountry } : {});
    if (!check.ok) return setError(describeProblem({ kind: 'invalid_indicator', reason: check.problem }));
    setError(null);
    setWarning(check.indicator.warnings.map(describeIndicatorWarning).join(' ') || null);
    await show({ subject: check.indicator.value }, check.indicator.value);
  }

  return { text, setText, error, warning, busy, result, views, version, lookUp, refresh };
}
