import type { JSX } from 'preact';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { getBackgroundService } from '@/utils/messaging/background-service';
import { describeProblem } from '@/utils/problems/sentences';
import type { Settings } from '@/utils/settings/settings';
import { DEFAULT_SORT, NO_FILTER, filterReportRows, sortReportRows, toggleSort, type RowFilter, type RowSort } from '@/components/my-reports/report-row-query';
import { buildReportRows, type ReportColumn, type ReportRow } from '@/components/my-reports/report-rows';
import { refreshFailuresOf } from '@/utils/incidents/refresh-view';
import { downloadText } from '../ui/download';
import { ProblemMessage } from '../ui/problem-message';
import { ReloadPageButton } from '../ui/reload-page-button';
import { AccountSwitch } from './account-switch';
import { ActionList } from './action-list';
import { RefreshLine } from './refresh-line';
import { ReportTable } from './report-table';
import { ReportToolbar } from './report-toolbar';
import { rowLabels } from './row-labels';
import { useSavedConnection } from '../shared/use-saved-connection';
import { useDeferredValue } from './use-deferred-value';
import { messageLocale } from '@/utils/i18n/locale';
import type { ReportsView } from './use-reports';

/**
 * How long typing may pause before the table follows the search. None: a
 * filter over 10,000 rows takes a few ms, so each keystroke shows its rows
 * (budget: under 50 ms, `npm run bench`); the timer still lets the field take
 * the key in its own task first.
 */
const SEARCH_DELAY_MS = 0;

const count = new Intl.NumberFormat(messageLocale());

/** The row a notification opened the page on (`#report-<id>`), if any. */
function targetOf(hash: string): string | null {
  return hash.startsWith('#report-') ? hash.slice('#report-'.length) : null;
}

/** My reports' card, by the fragment that opened it before the page had sections (`#my-reports`, components/options/sections.ts). */
const SECTION = 'my-reports';

/** Every report made from this extension (and, with the switch on, the account's other incidents): filter, search, sort, export, follow live. */
export function MyReports({ settings, sources }: { settings: Settings | null; sources: ReportsView }): JSX.Element {
  const [filter, setFilter] = useState<RowFilter>(NO_FILTER);
  const [sort, setSort] = useState<RowSort>(DEFAULT_SORT);
  // The field shows each keystroke; the table follows in the next task.
  const text = useDeferredValue(filter.text, SEARCH_DELAY_MS);
  const [target] = useState(() => targetOf(location.hash));
  const include = settings?.includeAccountIncidents ?? false;

  const { reports, watched } = sources;
  const ready = reports !== null && watched !== null && settings !== null;
  // The first page shows while the rest is read, unless a row is the target: its place is known only with all of them.
  const preview = !ready && target === null ? sources.preview : null;
  // Incidents the last refresh could not fetch: their rows say so (issue 19).
  const failures = useMemo(() => refreshFailuresOf(sources.refresh), [sources.refresh]);
  // Clients by name, as the incident view names them.
  const clients = useSavedConnection()?.clients;
  const labels = useMemo(() => rowLabels(clients ?? []), [clients]);
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
  const applied = useMemo(() => ({ ...filter, text }), [filter.status, filter.type, filter.client, filter.source, filter.attentionOnly, text]);
  const listed = useMemo(() => filterReportRows(sorted, applied), [sorted, applied]);
  const waiting = useMemo(() => reports?.filter((report) => report.state === 'failed' || report.state === 'unknown').length ?? 0, [reports]);

  const sortBy = useCallback((column: ReportColumn) => setSort((current) => toggleSort(current, column)), []);
  const { reloadReports } = sources;
  const remove = useCallback(
    (row: ReportRow) => {
      // The background deletes it (the one door of the report store); unreachable, the user hears it.
      if (!row.report || !confirm(i18n.t('my_reports.delete_confirm'))) return;
      void getBackgroundService()
        .reports.discard(row.report.id)
        .then(reloadReports, () => alert(describeProblem({ kind: 'background_unreachable' })));
    },
    [reloadReports],
  );
  // A keystroke re-renders the toolbar alone: the same elements are kept for the rest until what they show changes.
  const listing = JSON.stringify([applied, sort]);
  const table = useMemo(() => <ReportTable rows={listed} sort={sort} onSort={sortBy} target={target} listing={listing} onDelete={remove} />, [listed, sort, sortBy, target, listing, remove]);
  const statusBar = useMemo(
    () => (
      <div class="report-status-bar">
        <RefreshLine state={sources.refresh} />
        {settings && <AccountSwitch settings={settings} />}
      </div>
    ),
    [sources.refresh, settings],
  );

  // The rows arrive after the browser scrolled to the fragment: scroll again once they are there.
  useEffect(() => {
    if (ready && location.hash === `#${SECTION}`) document.getElementById(SECTION)?.scrollIntoView();
  }, [ready]);

  const problem = sources.problem && <ProblemMessage problem={sources.problem} extra={<ReloadPageButton />} />;
  if (!ready && !(preview && rows.length)) return problem || <p class="status status-pending">{i18n.t('my_reports.loading')}</p>;

  async function exportListed(): Promise<void> {
    // papaparse loads with the first export, not with the page.
    const { reportRowsCsv } = await import('@/components/my-reports/report-rows-csv');
    downloadText(`takedown-reports-${new Date().toISOString().slice(0, 10)}.csv`, reportRowsCsv(listed, describeProblem), 'text/csv');
  }

  return (
    <div class="my-reports">
      {statusBar}
      {problem}
      {waiting > 0 && (
        <p class="problem" role="status">
          {i18n.t('my_reports.waiting', waiting)}
        </p>
      )}
      {rows.length === 0 ? (
        <p class="hint">{i18n.t('my_reports.empty')}</p>
      ) : (
        <>
          {ready ? (
            <ReportToolbar rows={rows} filter={filter} onFilter={setFilter} shown={listed.length} onExport={() => void exportListed()} />
          ) : (
            // The rest will not come: the problem above says so instead.
            !problem && (
              <p class="status status-pending report-loading" role="status">
                {sources.total === null
                  ? i18n.t('my_reports.loading_rest_uncounted', [count.format(rows.length)])
                  : i18n.t('my_reports.loading_rest', [count.format(rows.length), count.format(sources.total)])}
              </p>
            )
          )}
          {listed.length === 0 && <p class="hint">{i18n.t('my_reports.none_match')}</p>}
          {table}
        </>
      )}
      {ready && <ActionList reports={reports} watched={watched} clients={clients ?? []} />}
    </div>
  );
}
