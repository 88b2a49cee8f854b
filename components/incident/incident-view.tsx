import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { DetailedIncident } from '@/utils/api/schemas/incident';
import { clientWords, incidentClassWords, incidentSourceWords, incidentStatusWords, incidentTypeWords } from '@/utils/incidents/incident-words';
import { revealInvisible } from '@/utils/indicators/invisible';
import { DashboardLink } from './dashboard-link';
import { IncidentBlocklists } from './incident-blocklists';
import { useSavedConnection } from '../shared/use-saved-connection';
import { formatWhen, statusMeaning, statusTone } from './incident-format';
import { IncidentHistoryList } from './incident-history';
import { IncidentInsightsSummary } from './incident-insights';
import { IncidentStateFlags } from './incident-state';

/** A term and its value, left out when there is no value. */
function Fact({ term, value }: { term: string; value: string | null | undefined }): JSX.Element | null {
  if (!value) return null;
  return (
    <div class="fact">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * One incident, as the popup and the full page show it: its status, what it
 * waits for from the user right beside it (`waiting`: in a 600 px popup it
 * must be seen without scrolling, issue 44), the spec's meaning, what it is, its timeline, the state of the site, blocklist
 * coverage and what the service's captures found. Every coded value reads in
 * the extension's one vocabulary (an unknown one as "Other (value)"), and the
 * client by its name from the saved client list.
 */
export function IncidentView({ incident, waiting, actions }: { incident: DetailedIncident; waiting?: JSX.Element | null; actions?: JSX.Element }): JSX.Element {
  const subject = revealInvisible(incident.subject ?? incident.url ?? incident.domain ?? incident.id);
  const meaning = statusMeaning(incident.status);
  const clients = useSavedConnection()?.clients ?? [];
  return (
    <article class="incident" aria-labelledby="incident-subject" data-incident-id={incident.id}>
      <header class="incident-header">
        <h2 id="incident-subject">
          <code>{subject}</code>
        </h2>
        <p class={`status-chip tone-${statusTone(incident.status)}`} data-status={incident.status ?? ''}>
          {incidentStatusWords(incident.status)}
        </p>
        {waiting}
        {meaning && <p class="hint">{meaning}</p>}
        <DashboardLink incidentId={incident.id} />
      </header>
      <dl class="facts">
        <Fact term={i18n.t('incident.id')} value={incident.id} />
        <Fact term={i18n.t('incident.type')} value={incidentTypeWords(incident.incidentType)} />
        <Fact term={i18n.t('incident.class')} value={incidentClassWords(incident.incidentClass)} />
        <Fact term={i18n.t('incident.taxonomy')} value={incident.threatTaxonomy?.name} />
        <Fact term={i18n.t('incident.source')} value={incident.source && incidentSourceWords(incident.source)} />
        <Fact term={i18n.t('incident.client')} value={incident.clientId && clientWords(incident.clientId, clients)} />
        <Fact term={i18n.t('incident.protected_domain')} value={incident.safeDomain} />
        <Fact term={i18n.t('incident.reported_by')} value={incident.reportedBy} />
        <Fact term={i18n.t('incident.created')} value={formatWhen(incident.timestamp)} />
        <Fact term={i18n.t('incident.last_update')} value={formatWhen(incident.lastHistoryUpdateTimestamp)} />
        <Fact term={i18n.t('incident.takedown_started')} value={formatWhen(incident.burnStartedTimestamp)} />
        <Fact term={i18n.t('incident.taken_down')} value={formatWhen(incident.takedownTimestamp)} />
        <Fact
          term={i18n.t('incident.registrar')}
          value={incident.registrar?.name && [incident.registrar.name, incident.registrar.difficulty && i18n.t('incident.difficulty', [incident.registrar.difficulty])].filter(Boolean).join(' · ')}
        />
        <Fact term={i18n.t('incident.hosting')} value={incident.hostingProvider} />
      </dl>
      {actions}
      <IncidentHistoryList history={incident.history ?? []} />
      <IncidentStateFlags state={incident.incidentState} />
      <IncidentBlocklists listings={incident.blocklists ?? []} />
      <IncidentInsightsSummary insights={incident.insights} />
    </article>
  );
}
