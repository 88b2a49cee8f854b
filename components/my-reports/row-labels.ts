import { i18n } from '#i18n';
import type { IndicatorType } from '@/utils/indicators/types';
import type { ReportState } from '@/utils/storage/report-types';
import { EXTENSION_SOURCE, type RowLabels, type RowStatus } from '@/components/my-reports/report-rows';
import { incidentStatusLabel } from '@/utils/incidents/status-text';
import { incidentTypeLabel, statusTone, type StatusTone } from '../incident/incident-format';
import { indicatorTypeLabel, reportStateLabel } from '../reporting/labels';

const INDICATOR_TYPES: readonly string[] = ['url', 'domain', 'email', 'phone', 'ipv4'] satisfies IndicatorType[];

/** The report state of a `report:<state>` status, or null for an incident's. */
function reportStateOf(status: RowStatus): ReportState | null {
  return status.startsWith('report:') ? (status.slice('report:'.length) as ReportState) : null;
}

/** The incident status of an `incident:<status>` status, or null for a report's. */
function incidentStatusOf(status: RowStatus): string | null {
  return status.startsWith('incident:') ? status.slice('incident:'.length) : null;
}

function sourceLabel(source: string): string {
  if (source === EXTENSION_SOURCE) return i18n.t('my_reports.source.extension');
  if (source === 'CLIENT_REPORTED') return i18n.t('my_reports.source.client_reported');
  if (source === 'SERVICE_DETECTED') return i18n.t('my_reports.source.service_detected');
  return source;
}

/** The words of every coded value in "My reports". */
export const ROW_LABELS: RowLabels = {
  status: (status) => {
    const state = reportStateOf(status);
    return state ? reportStateLabel(state) : incidentStatusLabel(incidentStatusOf(status));
  },
  type: (type) => (INDICATOR_TYPES.includes(type) ? indicatorTypeLabel(type as IndicatorType) : incidentTypeLabel(type)),
  action: (action) => i18n.t(`report.action.${action}`),
  source: sourceLabel,
};

const REPORT_TONES: Record<ReportState, StatusTone> = {
  draft: 'neutral',
  queued: 'progress',
  sending: 'progress',
  sent: 'done',
  duplicate: 'done',
  failed: 'bad',
  unknown: 'needs_you',
};

/** How a row's status feels at a glance (its colour). */
export function rowTone(status: RowStatus): StatusTone {
  const state = reportStateOf(status);
  return state ? REPORT_TONES[state] : statusTone(incidentStatusOf(status));
}
