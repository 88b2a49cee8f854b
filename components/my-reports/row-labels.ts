import { i18n } from '#i18n';
import type { ReportState } from '@/utils/storage/report-types';
import type { ClientSummary } from '@/utils/storage/connection-types';
import { EXTENSION_SOURCE, type RowLabels, type RowStatus } from '@/components/my-reports/report-rows';
import { clientWords, incidentSourceWords, incidentStatusWords, incidentTypeWords, reportStateWords } from '@/utils/incidents/incident-words';
import { statusTone, type StatusTone } from '../incident/incident-format';

/** The report state of a `report:<state>` status, or null for an incident's. */
function reportStateOf(status: RowStatus): ReportState | null {
  return status.startsWith('report:') ? (status.slice('report:'.length) as ReportState) : null;
}

/** The incident status of an `incident:<status>` status, or null for a report's. */
function incidentStatusOf(status: RowStatus): string | null {
  return status.startsWith('incident:') ? status.slice('incident:'.length) : null;
}

/**
 * The words of every coded value in "My reports": the extension's one
 * vocabulary (utils/incidents/incident-words.ts), the same as the incident
 * view's, and clients by their names from the saved client list.
 */
export function rowLabels(clients: readonly Pick<ClientSummary, 'id' | 'name'>[]): RowLabels {
  return {
    status: (status) => {
      const state = reportStateOf(status);
      return state ? reportStateWords(state) : incidentStatusWords(incidentStatusOf(status));
    },
    type: incidentTypeWords,
    action: (action) => i18n.t(`report.action.${action}`),
    source: (source) => (source === EXTENSION_SOURCE ? i18n.t('my_reports.source.extension') : incidentSourceWords(source)),
    client: (clientId) => clientWords(clientId, clients),
  };
}

const REPORT_TONES: Record<ReportState, StatusTone> = {
  draft: 'neutral',
  queued: 'progress',
  sending: 'progress',
  // Sent, its status not read yet: neutral until the service says (issue 44).
  sent: 'neutral',
  duplicate: 'done',
  failed: 'bad',
  unknown: 'needs_you',
};

/** How a row's status feels at a glance (its colour). */
export function rowTone(status: RowStatus): StatusTone {
  const state = reportStateOf(status);
  return state ? REPORT_TONES[state] : statusTone(incidentStatusOf(status));
}
