import type { JSX } from 'preact';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { getBackgroundService } from '@/utils/messaging/background-service';
import { describeProblem } from '@/utils/problems/sentences';
import type { Settings } from '@/utils/settings/settings';
import { DEFAULT_SORT, NO_FILTER, toggleSort, type RowFilter, type RowSort } from '@/components/my-reports/report-row-query';
import type { ReportColumn, ReportRow } from '@/components/my-reports/report-rows';
import { downloadText } from '../ui/download';
import { ProblemMessage } from '../ui/problem-message';
import { ReloadPageButton } from '../ui/reload-page-button';
import { AccountSwitch } from './account-switch';
import { ActionList } from './action-list';
import { RefreshLine } from './refresh-line';
import { ReportTable } from './report-table';
import { ReportToolbar } from './report-toolbar';
import { useListedRows } from './use-listed-rows';
import { messageLocale } from '@/utils/i18n/locale';
import type { ReportsView } from './use-reports';

const count = new Intl.NumberFormat(messageLocale());

/** The row a notification opened the page on (`#report-<id>`), if any. */
function targetOf(hash: string): string | null {
  return hash.startsWith('#report-') ? hash.slice('#report-'.length) : null;
}

/** My reports' card, by the fragment that opened it before the page had sections (`#my-reports`, components/options/sections.ts). */
const SECTION = 'my-reports';

/** The rows arrive after the browser scrolled to the fragment: scroll again once they are there. */
function useScrollToSection(ready: boolean): void {
  useEffect(() => {
    if (ready && location.hash === `#${SECTION}`) document.getElementById(SECTION)?.scrollIntoView();
  }, [ready]);
}

/** Downloads the listed rows as CSV; papaparse loads with the first export, not with the page. */
async function exportRows(listed: readonly ReportRow[]): Promise<void> {
  const { reportRowsCsv } = await import('@/components/my-reports/report-rows-csv');
  downloadText(`takedown-reports-${new Date().toISOString().slice(0, 10)}.csv`, reportRowsCsv(listed, describeProblem), 'text/csv');
}

/** While the rest is read: how many rows show, of how many (when counted). */
function LoadingRest({ shown, total }: { shown: number; total: number | null }): JSX.Element {
  return (
    <p class="status status-pending report-loading" role="status">
      {total === null ? i18n.t('my_reports.loading_rest_uncounted', [count.format(shown)]) : i18n.t('my_reports.loading_rest', [count.format(shown), count.format(total)])}
    </p>
  );
}

/** How many reports wait for the user: failed, or with an outcome not known. */
export function waitingCount(reports: readonly { state: string }[] | null): number {
  return reports?.filter((report) => report.state === 'failed' || report.state === 'unknown').length ?? 0;
}

/** The refresh line and the account switch, kept the same element until what they show changes (a keystroke re-renders the toolbar alone). */
function useStatusBar(refresh: ReportsView['refresh'], settings: Settings | null): JSX.Element {
  return useMemo(
    () => (
      <div class="report-status-bar">
        <RefreshLine state={refresh} />
        {settings && <AccountSwitch settings={settings} />}
      </div>
    ),
    [refresh, settings],
  );
}

/** Every report made from this extension (and, with the switch on, the account's other incidents): filter, search, sort, export, follow live. */
export function MyReports({ settings, sources }: { settings: Settings | null; sources: ReportsView }): JSX.Element {
  const [filter, setFilter] = useState<RowFilter>(NO_FILTER);
  const [sort, setSort] = useState<RowSort>(DEFAULT_SORT);
  const [target] = useState(() => targetOf(location.hash));
  const { ready, preview, clients, rows, listed } = useListedRows({ settings, sources, target, filter, sort });
  const { reports, watched } = sources;
  const waiting = useMemo(() => waitingCount(reports), [reports]);

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
  const listing = JSON.stringify([filter, sort]);
  const table = useMemo(() => <ReportTable rows={listed} sort={sort} onSort={sortBy} target={target} listing={listing} onDelete={remove} />, [listed, sort, sortBy, target, listing, remove]);
  const statusBar = useStatusBar(sources.refresh, settings);

  useScrollToSection(ready);

  const problem = sources.problem && <ProblemMessage problem={sources.problem} extra={<ReloadPageButton />} />;
  if (!ready && !(preview && rows.length)) return problem || <p class="status status-pending">{i18n.t('my_reports.loading')}</p>;

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
            <ReportToolbar rows={rows} filter={filter} onFilter={setFilter} shown={listed.length} onExport={() => void exportRows(listed)} />
          ) : (
            // The rest will not come: the problem above says so instead.
            !problem && <LoadingRest shown={rows.length} total={sources.total} />
          )}
          {listed.length === 0 && <p class="hint">{i18n.t('my_reports.none_match')}</p>}
          {table}
        </>
      )}
      {ready && reports && watched && <ActionList reports={reports} watched={watched} clients={clients} />}
    </div>
  );
}
