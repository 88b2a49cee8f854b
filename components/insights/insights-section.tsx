import type { JSX } from 'preact';
import { useMemo } from 'preact/hooks';
import { i18n } from '#i18n';
import type { ClientSummary } from '@/utils/storage/connection-types';
import { incidentsByClient, outcomesByWeek, timeToTakedown } from '@/components/insights/outcomes';
import { buildReportRows } from '@/components/my-reports/report-rows';
import { rowLabels } from '../my-reports/row-labels';
import { clientWords } from '@/utils/incidents/incident-words';
import type { ReportsView } from '../my-reports/use-reports';
import { ClientChart } from './client-chart';
import { OutcomeChart } from './outcome-chart';
import { TakedownTime } from './takedown-time';

export interface InsightsProps {
  sources: ReportsView;
  clients: readonly ClientSummary[];
  includeAccountIncidents: boolean;
  now?: number;
}

/** The options page's Insights: reports by outcome over time, time to takedown, open and closed incidents by client. */
export function InsightsSection({ sources, clients, includeAccountIncidents, now = Date.now() }: InsightsProps): JSX.Element {
  const { reports, watched } = sources;
  const figures = useMemo(() => {
    if (!reports || !watched) return null;
    const rows = buildReportRows({ reports, watched, includeAccountIncidents }, rowLabels(clients));
    return {
      weeks: outcomesByWeek(rows, now),
      takedown: timeToTakedown(watched),
      byClient: incidentsByClient(
        watched,
        clients.flatMap((client) => (client.id ? [client.id] : [])),
      ),
    };
  }, [reports, watched, includeAccountIncidents, clients]);
  // Clients as My reports and the incident view name them.
  const nameOf = (clientId: string) => (clientId ? clientWords(clientId, clients) : i18n.t('insights.no_client'));

  return (
    <>
      <h3 id="insights-heading">{i18n.t('insights.heading')}</h3>
      {!figures ? (
        <p class="status status-pending" role="status">
          {i18n.t('insights.loading')}
        </p>
      ) : (
        <>
          <h4>{i18n.t('insights.outcomes_heading')}</h4>
          <OutcomeChart weeks={figures.weeks} />
          <h4>{i18n.t('insights.takedown_heading')}</h4>
          <TakedownTime spread={figures.takedown} />
          <h4>{i18n.t('insights.clients_heading')}</h4>
          <ClientChart clients={figures.byClient} nameOf={nameOf} />
        </>
      )}
    </>
  );
}
