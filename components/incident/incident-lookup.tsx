import type { JSX } from 'preact';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import type { IncidentLookup } from '@/utils/incidents/incident-service';
import { describeProblem } from '@/utils/problems/sentences';
import { FocusableButton } from '../ui/focusable-button';
import { TextField } from '../ui/text-field';
import { ProblemMessage } from '../ui/problem-message';
import { useIncidentLookup, type IncidentViews, type LookupResult } from './use-incident-lookup';

interface IncidentLookupFormProps {
  /** ISO country for phone numbers written without +. */
  phoneCountry: string;
  /** Offered when no incident exists: report the subject instead. */
  onReport?(subject: string): void;
  /** An incident to show as a lookup shows it, by its id ("View incident here" after a report). */
  shown?: { id: string; subject: string } | null;
}

/** "No incident" (or none by that id), with the offer to report the subject looked up. */
function NoIncident({ result, onReport }: { result: LookupResult; onReport?(subject: string): void }): JSX.Element {
  return (
    <div class="lookup-result" role="status">
      <p>{'id' in result.key ? describeProblem({ kind: 'not_found', target: 'incident' }) : i18n.t('lookup.none')}</p>
      {onReport && 'subject' in result.key && (
        <button type="button" onClick={() => onReport(result.subject)}>
          {i18n.t('lookup.report_it')}
        </button>
      )}
    </div>
  );
}

interface FoundIncidentProps {
  incident: Extract<IncidentLookup, { found: true }>['incident'];
  views: IncidentViews;
  /** Changes after each action, so the extras are read again. */
  version: number;
  onChanged(): void;
}

/** The incident found, with a link to its full page, its actions and its extras. */
function FoundIncident({ incident, views: { IncidentView, IncidentActions, IncidentExtrasView }, version, onChanged }: FoundIncidentProps): JSX.Element {
  return (
    <div class="lookup-result">
      <a href={browser.runtime.getURL(`/incident.html#${encodeURIComponent(incident.id)}`)} target="_blank" rel="noopener">
        {i18n.t('lookup.open_full')}
      </a>
      <IncidentActions incident={incident} onChanged={onChanged}>
        {({ waiting, others }) => <IncidentView incident={incident} waiting={waiting} actions={others} />}
      </IncidentActions>
      <IncidentExtrasView id={incident.id} version={version} />
    </div>
  );
}

/**
 * Looks an incident up by what the user typed or pasted: refanged and
 * normalised exactly like a report (so it finds what was reported), then one
 * GET /v1/incident/subject/{subject}. The incident follows, or "no incident"
 * with an offer to report it. Also shows the incident a report ended up with
 * (`shown`), by its id, the same way.
 */
export function IncidentLookupForm({ phoneCountry, onReport, shown }: IncidentLookupFormProps): JSX.Element {
  const { text, setText, error, warning, busy, result, views, version, lookUp, refresh } = useIncidentLookup(phoneCountry, shown);
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
      {result?.lookup.found === false && <NoIncident result={result} onReport={onReport} />}
      {result?.lookup.found === null && <ProblemMessage problem={result.lookup.problem} />}
      {result && found && views && <FoundIncident incident={found} views={views} version={version} onChanged={() => void refresh(result.key, result.subject)} />}
    </section>
  );
}
