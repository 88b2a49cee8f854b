import { useCallback, useEffect, useState } from 'preact/hooks';
import { watchReportChanges } from '@/utils/report/changes';
import type { OutboxReport, ReportState } from '@/utils/report/types';
import { refreshStateItem, type RefreshState } from '@/utils/storage/refresh-state';
import { listReports, listWatchedIncidents, type WatchedIncident } from '@/utils/storage/reports-db';

/** Reports listed: all but unsent drafts. */
const SHOWN: readonly ReportState[] = ['queued', 'sending', 'sent', 'duplicate', 'failed', 'unknown'];

export interface ReportSources {
  /** Null while loading. */
  reports: OutboxReport[] | null;
  /** Null while loading. */
  watched: WatchedIncident[] | null;
  refresh: RefreshState;
  /** Reads the reports again (after a delete made here). */
  reloadReports(): void;
}

/**
 * What "My reports" is built from, followed live: reports on every change
 * another context announces, watched incidents after every status refresh
 * (the refresh state changes at its start and end).
 */
export function useReportSources(): ReportSources {
  const [reports, setReports] = useState<OutboxReport[] | null>(null);
  const [watched, setWatched] = useState<WatchedIncident[] | null>(null);
  const [refresh, setRefresh] = useState<RefreshState>({});
  const reloadReports = useCallback(() => void listReports(SHOWN).then(setReports), []);

  useEffect(() => {
    reloadReports();
    return watchReportChanges(reloadReports);
  }, []);

  useEffect(() => {
    const reloadWatched = () => void listWatchedIncidents().then(setWatched);
    reloadWatched();
    void refreshStateItem.getValue().then(setRefresh);
    return refreshStateItem.watch((state) => {
      setRefresh(state);
      reloadWatched();
    });
  }, []);

  return { reports, watched, refresh, reloadReports };
}
