import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { getBackgroundService } from '@/utils/messaging/background-service';
import type { Problem } from '@/utils/problems/kinds';
import { readNextRefreshAt, refreshFailuresOf, type RefreshState } from '@/utils/incidents/refresh-view';
import { messageLocale } from '@/utils/i18n/locale';
import { formatWhen } from '../incident/incident-format';
import { FocusableButton } from '../ui/focusable-button';
import { ProblemMessage } from '../ui/problem-message';

/** How often "updated 3 minutes ago" is worked out again. */
const TICK_MS = 30_000;

/** The current time, renewed every `TICK_MS`. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const clockTime = new Intl.DateTimeFormat(messageLocale(), { timeStyle: 'short' });

/** When the next scheduled refresh runs, read again whenever the refresh state changes. */
function useNextRefreshAt(state: RefreshState): number | null {
  const [next, setNext] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    void readNextRefreshAt().then((at) => current && setNext(at));
    return () => {
      current = false;
    };
  }, [state]);
  return next;
}

/** "Next refresh at 14:05", or nothing when no refresh is scheduled. */
function nextRefreshWords(at: number | null): string {
  return at === null ? '' : i18n.t('my_reports.next_refresh', [clockTime.format(new Date(at))]);
}

/** Asks the background for a status refresh now; its problem when it could not be asked. */
export async function requestRefresh(): Promise<Problem | null> {
  try {
    await getBackgroundService().status.refresh();
    return null;
  } catch {
    return { kind: 'background_unreachable' };
  }
}

/** When the statuses were last refreshed, why the last refresh failed, and "Refresh now". */
export function RefreshLine({ state }: { state: RefreshState }): JSX.Element {
  const now = useNow();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const when = formatWhen(state.lastSuccessAt, now);
  const next = nextRefreshWords(useNextRefreshAt(state));
  // Incidents this refresh could not read: the rest are fresh, their rows say why (issue 19).
  const failed = refreshFailuresOf(state).length;
  const running = asking || state.running === true;

  async function refresh(): Promise<void> {
    setAsking(true);
    setProblem(null);
    setProblem(await requestRefresh());
    setAsking(false);
  }

  return (
    <div class="refresh-line">
      {state.problem ? (
        <ProblemMessage problem={state.problem} role="status" extra={when && i18n.t('my_reports.stale', [when])} />
      ) : (
        <p class="hint" role="status">
          {when ? i18n.t('my_reports.refreshed', [when]) : i18n.t('my_reports.never_refreshed')}
          {failed > 0 && ` ${i18n.t('my_reports.some_not_refreshed', failed)}`}
        </p>
      )}
      {next && <p class="hint next-refresh">{next}</p>}
      <FocusableButton type="button" class="secondary" unavailable={running} aria-busy={running} onClick={() => void refresh()}>
        {running ? i18n.t('my_reports.refreshing') : i18n.t('my_reports.refresh')}
      </FocusableButton>
      {problem && <ProblemMessage problem={problem} />}
    </div>
  );
}
