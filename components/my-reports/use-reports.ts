import { useCallback, useEffect, useState } from 'preact/hooks';
import type { OutboxReport } from '@/utils/storage/report-types';
import { readRefreshState, watchRefreshState, type RefreshState } from '@/utils/incidents/refresh-view';
import { listReports, listWatchedIncidents, newerDbVersionOf, watchReportChanges, type RecentPage, type WatchedIncident } from '@/utils/report/report-store';
import type { Problem } from '@/utils/problems/kinds';
import { countRead, previewRead, reportsRead, SHOWN, watchedRead } from './early-report-reads';

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
