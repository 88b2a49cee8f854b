import { useCallback, useEffect, useState } from 'preact/hooks';
import type { OutboxReport, ReportState } from '@/utils/storage/report-types';
import { readRefreshState, watchRefreshState, type RefreshState } from '@/utils/incidents/refresh-view';
import { countReports, getWatchedIncidents, listRecentReports, listReports, listWatchedIncidents, watchReportChanges, type WatchedIncident } from '@/utils/report/report-store';
import { earlyRead } from '../ui/early-read';

/** Reports listed: all but unsent drafts. */
const SHOWN: readonly ReportState[] = ['queued', 'sending', 'sent', 'duplicate', 'failed', 'unknown'];
/** Rows of the first page: more than a tall window shows. */
const FIRST_PAGE_ROWS = 50;

/** The most recent reports and their incidents, read by index while all the rest load. */
interface ReportsPreview {
  reports: OutboxReport[];
  watched: WatchedIncident[];
  /** Reports kept in all (drafts included): how many are still to come, roughly. */
  total: number;
}

export interface ReportsView {
  /** Null while loading. */
  reports: OutboxReport[] | null;
  /** Null while loading. */
  watched: WatchedIncident[] | null;
  /** The first page, until all is read; null when there is none (yet). */
  preview: ReportsPreview | null;
  refresh: RefreshState;
  /** Reads the reports again (after a delete made here). */
  reloadReports(): void;
}

/** The first page, then its incidents; the count (about 12 ms at 10,000 reports) runs beside both, not before the incidents. */
async function readPreview(): Promise<ReportsPreview> {
  const firstPage = listRecentReports(SHOWN, FIRST_PAGE_ROWS).then(async (reports) => {
    const ids = reports.flatMap((report) => (report.incident ? [report.incident.id] : []));
    return { reports, watched: await getWatchedIncidents(ids) };
  });
  const [{ reports, watched }, total] = await Promise.all([firstPage, countReports()]);
  return { reports, watched, total };
}

const previewRead = earlyRead(readPreview);
const reportsRead = earlyRead(() => listReports(SHOWN));
const watchedRead = earlyRead(listWatchedIncidents);

/**
 * Starts My reports' reads before the page's first render: the first page by
 * index, then everything (issue 10: My reports' first render at 10,000 rows).
 */
export function startReportReadsEarly(): Promise<unknown> {
  const first = previewRead.start();
  void first.finally(() => {
    reportsRead.start();
    watchedRead.start();
  });
  return first;
}

/**
 * What "My reports" is built from, followed live: reports on every change
 * another context announces, watched incidents after every status refresh
 * (the refresh state changes at its start and end). The first page comes
 * first, while everything is read.
 */
export function useReports(): ReportsView {
  const [reports, setReports] = useState<OutboxReport[] | null>(null);
  const [watched, setWatched] = useState<WatchedIncident[] | null>(null);
  const [preview, setPreview] = useState<ReportsPreview | null>(() => previewRead.peek() ?? null);
  const [refresh, setRefresh] = useState<RefreshState>({});
  const reloadReports = useCallback(() => void listReports(SHOWN).then(setReports), []);

  useEffect(() => {
    let current = true;
    void previewRead.take().then(
      (first) => current && setPreview(first),
      () => undefined,
    );
    void reportsRead.take().then((all) => current && setReports(all));
    const unwatch = watchReportChanges(reloadReports);
    return () => {
      current = false;
      unwatch();
    };
  }, []);

  useEffect(() => {
    const reloadWatched = () => void listWatchedIncidents().then(setWatched);
    void watchedRead.take().then(setWatched);
    void readRefreshState().then(setRefresh);
    return watchRefreshState((state) => {
      setRefresh(state);
      reloadWatched();
    });
  }, []);

  return { reports, watched, preview: reports && watched ? null : preview, refresh, reloadReports };
}
