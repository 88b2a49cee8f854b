import { useMemo } from 'preact/hooks';
import type { Settings } from '@/utils/settings/settings';
import type { ClientSummary } from '@/utils/storage/connection-types';
import { filterReportRows, sortReportRows, type RowFilter, type RowSort } from '@/components/my-reports/report-row-query';
import { buildReportRows } from '@/components/my-reports/report-rows';
import { refreshFailuresOf } from '@/utils/incidents/refresh-view';
import { rowLabels } from './row-labels';
import { useSavedConnection } from '../shared/use-saved-connection';
import type { ReportsView } from './use-reports';

const NO_CLIENTS: readonly ClientSummary[] = [];

interface ListedRowsInput {
  settings: Settings | null;
  sources: ReportsView;
  /** The row a notification opened the page on: all rows must be read to find its place. */
  target: string | null;
  filter: RowFilter;
  sort: RowSort;
}

/**
 * My reports' rows: all of them once everything is read (the first page
 * before that), sorted, then filtered; each step recomputed only when what it
 * reads changes.
 */
export function useListedRows({ settings, sources, target, filter, sort }: ListedRowsInput) {
  const include = settings?.includeAccountIncidents ?? false;
  const { reports, watched } = sources;
  const ready = reports !== null && watched !== null && settings !== null;
  // The first page shows while the rest is read, unless a row is the target: its place is known only with all of them.
  const preview = !ready && target === null ? sources.preview : null;
  // Incidents the last refresh could not fetch: their rows say so (issue 19).
  const failures = useMemo(() => refreshFailuresOf(sources.refresh), [sources.refresh]);
  // Clients by name, as the incident view names them; the same empty list while there are none, so what reads it is not built again each render.
  const clients = useSavedConnection()?.clients ?? NO_CLIENTS;
  const labels = useMemo(() => rowLabels(clients), [clients]);
  const rows = useMemo(
    () =>
      ready
        ? buildReportRows({ reports, watched, includeAccountIncidents: include, failures }, labels)
        : preview
          ? buildReportRows({ reports: preview.reports, watched: preview.watched, includeAccountIncidents: false, failures }, labels)
          : [],
    [ready, reports, watched, include, preview, failures, labels],
  );
  const sorted = useMemo(() => sortReportRows(rows, sort), [rows, sort]);
  const listed = useMemo(() => filterReportRows(sorted, filter), [sorted, filter]);
  return { ready, preview, clients, rows, listed };
}
