import { useEffect, useState } from 'preact/hooks';
import { getBackgroundService } from '@/utils/messaging/background-service';
import type { Problem } from '@/utils/problems/kinds';
import { readSavedConnection, statusOfSaved, watchConnection } from '@/utils/connection/saved-status';
import type { ConnectionStatus, SavedConnection } from '@/utils/storage/connection-types';
import { earlyRead } from '../ui/early-read';

const savedStatusRead = earlyRead(() => getBackgroundService().connection.getStatus({ live: false }));

/**
 * Starts reading the saved connection before the page's first render (see
 * earlyRead), from storage (or from `saved`, a read under way): the popup
 * shows it without waiting for a worker that may be starting (the live check
 * that follows asks the background).
 */
export function startSavedStatusEarly(saved?: Promise<SavedConnection | null>): Promise<ConnectionStatus> {
  return savedStatusRead.start(() => (saved ?? readSavedConnection()).then(statusOfSaved));
}

/**
 * The connection status: the saved one at once, then the live check's answer,
 * then every change any page or the background makes (pushed through storage
 * change events). A background that does not answer shows as a problem rather
 * than an endless "checking". With `reuseForMs`, a check younger than that
 * is trusted instead of calling whoami again (the popup opens often).
 */
export function useConnectionStatus(options: { reuseForMs?: number } = {}) {
  const [status, setStatus] = useState<ConnectionStatus | null>(() => savedStatusRead.peek() ?? null);
  const [checking, setChecking] = useState(true);
  const [pageProblem, setPageProblem] = useState<Problem | null>(null);

  useEffect(() => {
    let current = true;
    const connection = getBackgroundService().connection;
    const show = (next: ConnectionStatus) => current && setStatus(next);
    const onError = () => current && setPageProblem({ kind: 'background_unreachable' });
    savedStatusRead
      .take()
      .then((saved) => {
        show(saved);
        if (saved.state === 'not_configured') return;
        return connection.getStatus({ live: true, ...(options.reuseForMs ? { maxAgeMs: options.reuseForMs } : {}) }).then(show);
      })
      .catch(onError)
      .finally(() => current && setChecking(false));
    // Saved elsewhere (the options page, another window), refreshed or forgotten: show it.
    const unwatch = watchConnection((saved) => {
      if (!saved) show({ state: 'not_configured' });
      else if (saved.keyRejected) setStatus({ state: 'failing', ...saved, problem: { kind: 'key_rejected', origin: saved.origin } });
      else setStatus((previous) => (previous?.state === 'failing' ? { ...previous, ...saved } : { state: 'connected', ...saved }));
    });
    return () => {
      current = false;
      unwatch();
    };
  }, []);

  return { status, setStatus, checking, pageProblem };
}
