import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import { getBackgroundService } from '@/utils/messaging/background-service';
import { describeIndicatorWarning, describeProblem } from '@/utils/problems/sentences';
import type { Problem } from '@/utils/problems/kinds';
import type { IncidentKey, IncidentLookup } from '@/utils/incidents/incident-service';
import { FocusableButton } from '../ui/focusable-button';
import { TextField } from '../ui/text-field';
import type { IncidentActions as IncidentActionsComponent } from './incident-actions';
import type { IncidentExtrasView as IncidentExtrasComponent } from './incident-extras';
import type { IncidentView as IncidentViewComponent } from './incident-view';
import { ProblemMessage } from '../ui/problem-message';

interface IncidentLookupFormProps {
  /** ISO country for phone numbers written without +. */
  phoneCountry: string;
  /** Offered when no incident exists: report the subject instead. */
  onReport?(subject: string): void;
  /** An incident to show as a lookup shows it, by its id ("View incident here" after a report). */
  shown?: { id: string; subject: string } | null;
}

/**
 * Looks an incident up by what the user typed or pasted: refanged and
 * normalised exactly like a report (so it finds what was reported), then one
 * GET /v1/incident/subject/{subject}. The incident follows, or "no incident"
 * with an offer to report it. Also shows the incident a report ended up with
 * (`shown`), by its id, the same way.
 */
export function IncidentLookupForm({ phoneCountry, onReport, shown }: IncidentLookupFormProps): JSX.Element {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A warning (an unknown top-level domain) never stops the lookup: the service judges (issue 19).
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ key: IncidentKey; subject: string; lookup: IncidentLookup } | null>(null);
  // The view loads with the first lookup, not with the popup.
  const [IncidentView, setIncidentView] = useState<typeof IncidentViewComponent | null>(null);
  const [IncidentActions, setIncidentActions] = useState<typeof IncidentActionsComponent | null>(null);
  const [IncidentExtrasView, setIncidentExtrasView] = useState<typeof IncidentExtrasComponent | null>(null);
  const [version, setVersion] = useState(0);

  /** Looks the same incident up again after an action, to show it as it is now. */
  async function refresh(key: IncidentKey, subject: string): Promise<void> {
    const lookup = await getBackgroundService()
      .incidents.find(key)
      .catch(() => null);
    if (lookup) setResult({ key, subject, lookup });
    setVersion((value) => value + 1);
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

  /** Finds the incident `key` names and shows it, loading its view with the first one. */
  async function show(key: IncidentKey, subject: string): Promise<void> {
    setResult(null);
    setBusy(true);
    const [lookup, view, actionsModule, extrasModule] = await Promise.all([
      getBackgroundService()
        .incidents.find(key)
        .catch((): IncidentLookup => ({ found: null, problem: { kind: 'background_unreachable' } as Problem })),
      import('./incident-view'),
      import('./incident-actions'),
      import('./incident-extras'),
    ]);
    setIncidentView(() => view.IncidentView);
    setIncidentActions(() => actionsModule.IncidentActions);
    setIncidentExtrasView(() => extrasModule.IncidentExtrasView);
    setBusy(false);
    setResult({ key, subject, lookup });
  }

  const found = result?.lookup.found === true ? result.lookup.incident : null;
  return (
    <section class="lookup">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void lookUp();
        }}
      >
        <TextField id="lookup-subject" label={i18n.t('lookup.label')} value={text} onInput={setText} hint={warning ?? i18n.t('lookup.hint')} error={error} />
        {/* The tab's one action, in the accent colours: the browser's default button is grey in dark mode and reads as disabled (issue 44, point 11). */}
        <FocusableButton type="submit" class="primary" unavailable={busy}>
          {i18n.t(busy ? 'lookup.looking' : 'lookup.button')}
        </FocusableButton>
      </form>
      {result?.lookup.found === false && (
        <div class="lookup-result" role="status">
          <p>{'id' in result.key ? describeProblem({ kind: 'not_found', target: 'incident' }) : i18n.t('lookup.none')}</p>
          {onReport && 'subject' in result.key && (
            <button type="button" onClick={() => onReport(result.subject)}>
              {i18n.t('lookup.report_it')}
            </button>
          )}
        </div>
      )}
      {result?.lookup.found === null && <ProblemMessage problem={result.lookup.problem} />}
      {result && found && IncidentView && (
        <div class="lookup-result">
          <a href={browser.runtime.getURL(`/incident.html#${encodeURIComponent(found.id)}`)} target="_blank" rel="noopener">
            {i18n.t('lookup.open_full')}
          </a>
          {IncidentActions ? (
            <IncidentActions incident={found} onChanged={() => void refresh(result.key, result.subject)}>
              {({ waiting, others }) => <IncidentView incident={found} waiting={waiting} actions={others} />}
            </IncidentActions>
          ) : (
            <IncidentView incident={found} />
          )}
          {IncidentExtrasView && <IncidentExtrasView id={found.id} version={version} />}
        </div>
      )}
    </section>
  );
}
