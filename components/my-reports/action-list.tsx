import type { JSX } from 'preact';
import { useMemo } from 'preact/hooks';
import { i18n } from '#i18n';
import type { IncidentActionDone, OutboxReport } from '@/utils/storage/report-types';
import type { ClientSummary } from '@/utils/storage/connection-types';
import type { WatchedIncident } from '@/utils/report/report-store';
import { clientWords } from '@/utils/incidents/incident-words';
import { messageLocale } from '@/utils/i18n/locale';
import { buildActionRows, type ActionLabels } from './action-rows';

const dateTime = new Intl.DateTimeFormat(messageLocale(), { dateStyle: 'medium', timeStyle: 'short' });

/** An action in words: "Approved the takedown", "Attached 2 files". */
function actionWords(done: IncidentActionDone): string {
  if (done.kind === 'attach' && done.files !== undefined) return i18n.t('my_reports.actions.attach_files', done.files);
  return i18n.t(`my_reports.actions.${done.kind}`);
}

/** The words of the action list: actions as done, clients by name. */
function actionLabels(clients: readonly Pick<ClientSummary, 'id' | 'name'>[]): ActionLabels {
  return { action: actionWords, client: (clientId) => clientWords(clientId, clients) };
}

interface ActionListProps {
  reports: readonly OutboxReport[];
  watched: readonly WatchedIncident[];
  clients: readonly Pick<ClientSummary, 'id' | 'name'>[];
}

/** "Actions on incidents": what the user did on existing incidents, apart from the reports (issue 44); nothing when none. */
export function ActionList({ reports, watched, clients }: ActionListProps): JSX.Element | null {
  const rows = useMemo(() => buildActionRows(reports, watched, actionLabels(clients)), [reports, watched, clients]);
  if (rows.length === 0) return null;
  return (
    <section class="incident-action-list" aria-labelledby="incident-action-list-heading">
      <h3 id="incident-action-list-heading">{i18n.t('my_reports.actions.heading')}</h3>
      <table class="report-table action-table">
        <thead>
          <tr>
            <th scope="col">{i18n.t('my_reports.actions.what')}</th>
            <th scope="col">{i18n.t('my_reports.column.subject')}</th>
            <th scope="col">{i18n.t('my_reports.column.client')}</th>
            <th scope="col">{i18n.t('my_reports.actions.when')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-action-id={row.key}>
              <td>{row.what}</td>
              <td class="subject">
                {row.subject}
                {row.incidentId && (
                  <>
                    {' · '}
                    <a href={`/incident.html#${encodeURIComponent(row.incidentId)}`} target="_blank" rel="noopener" aria-label={i18n.t('my_reports.open_label', [row.incidentId])}>
                      {i18n.t('my_reports.incident', [row.incidentId])}
                    </a>
                  </>
                )}
              </td>
              <td>{row.client ?? i18n.t('my_reports.missing')}</td>
              <td>
                <time dateTime={new Date(row.at).toISOString()}>{dateTime.format(new Date(row.at))}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
