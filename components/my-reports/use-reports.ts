import { useCallback, useEffect, useState } from 'preact/hooks';
import type { OutboxReport, ReportState } from '@/utils/storage/report-types';
import { readRefreshState, watchRefreshState, type RefreshState } from '@/utils/incidents/refresh-view';
import { countReports, listReports, listWatchedIncidents, newerDbVersionOf, readRecentPage, watchReportChanges, type RecentPage, type WatchedIncident } from '@/utils/report/report-store';
import type { Problem } from '@/utils/problems/kinds';
import { earlyRead } from '../ui/early-read';
import { rowsInFirstView } from './report-table';

/** Reports listed: all but unsent drafts. */
const SHOWN: readonly ReportState[] = ['queued', 'sending', 'sent', 'duplicate', 'failed', 'unknown'];

export interface ReportsView {
  /** Null while loading. */
  reports: OutboxReport[] | null;
  /** Null while loading. */
  watched: WatchedIncident[] | null;
  /** The first page (the newest reports and their incidents), until all is read; null when there is none (yet). */
  preview: RecentPage | null;
  /** Reports kept in all, drafts included, once counted: how many are still to come, roughly. */
  total: number | null;
  refresh: RefreshState;
  /** The reports or incidents kept in this browser could not be read: said instead of loading for ever. */
  problem: Problem | null;
  /** Reads the reports again (after a delete made here). */
  reloadReports(): void;
}

/** The first page: as many reports as the table's first view renders, and their incidents. */
const previewRead = earlyRead(() => readRecentPage(SHOWN, rowsInFirstView(globalThis.innerHeight ?? 0)));
/** How many reports there are, for the line shown while all load. */
const countRead = earlyRead(countReports);
const reportsRead = earlyRead(() => listReports(SHOWN));
const watchedRead = earlyRead(listWatchedIncidents);

/**
 * Starts My reports' reads before the page's first render: the first page by
 * index, then the count and everything (issue 10: My reports' first render
 * at 10,000 rows). The database does one thing at a time: the count (it
 * visits every key, about 15 ms at 10,000 reports) started beside the first
 * page held its incidents that long (issue 24, measured).
 */
export function startReportReadsEarly(): Promise<unknown> {
  const first = previewRead.start();
  void first.finally(() => {
    countRead.start();
    reportsRead.start();
    watchedRead.start();
  });
  return first;
}

/** Why the reports could not be read: a newer version's database this one cannot use is said as such. */
function unreadableProblem(error: unknown): Problem {
  const newer = newerDbVersionOf(error);
  return newer === undefined ? { kind: 'reports_unreadable' } : { kind: 'reports_unreadable', newer };
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
  const [preview, setPreview] = useState<RecentPage | null>(() => previewRead.peek() ?? null);
  const [total, setTotal] = useState<number | null>(() => countRead.peek() ?? null);
  const [refresh, setRefresh] = useState<RefreshState>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const unreadable = useCallback((error: unknown) => setProblem(unreadableProblem(error)), []);
  const reloadReports = useCallback(() => void listReports(SHOWN).then(setReports, unreadable), []);

  useEffect(() => {
    let current = true;
    void previewRead.take().then(
      (first) => current && setPreview(first),
      () => undefined,
    );
    void countRead.take().then(
      (count) => current && setTotal(count),
      () => undefined,
    );
    void reportsRead.take().then(
      (all) => current && setReports(all),
      (error: unknown) => current && unreadable(error),
    );
    const unwatch = watchReportChanges(reloadReports);
    return () => {
      current = false;
      unwatch();
    };
  }, []);

  useEffect(() => {
    const reloadWatched = () => void listWatchedIncidents().then(setWatched, unreadable);
    void watchedRead.take().then(setWatched, unreadable);
    void readRefreshState().then(setRefresh);
    return watchRefreshState((state) => {
      setRefresh(state);
      reloadWatched();
    });
  }, []);

  return { reports, watched, preview: reports && watched ? null : preview, total, refresh, problem, reloadReports };
}
