import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { getBackgroundService } from '@/utils/messaging/background-service';
import type { IncidentExtras } from '@/utils/incidents/incident-service';
import { formatWhen } from './incident-format';
import { ProblemMessage } from '../ui/problem-message';

const OUTCOMES = ['success', 'failed', 'not_actionable', 'closed'] as const;
type Outcome = (typeof OUTCOMES)[number];

/** An attempt's outcome in words: in progress while null, an unknown one as written. */
function outcomeLabel(outcome: string | null | undefined): string {
  if (outcome === null) return i18n.t('incident_extras.in_progress');
  if (outcome === undefined) return i18n.t('incident.not_given');
  return (OUTCOMES as readonly string[]).includes(outcome) ? i18n.t(`incident_extras.outcome.${outcome as Outcome}`) : outcome;
}

/**
 * The incident's takedown attempts (an attempt in progress says so; attempts
 * before the service recorded them are not listed) and its snapshots, whose
 * raw records stay collapsed. Read when the view opens.
 */
export function IncidentExtrasView({ id, version }: { id: string; version: number }): JSX.Element {
  const [extras, setExtras] = useState<IncidentExtras | null>(null);
  useEffect(() => {
    let current = true;
    void getBackgroundService()
      .incidents.extras(id)
      .then((read) => current && setExtras(read))
      .catch(() => current && setExtras({ attempts: { ok: false, problem: { kind: 'background_unreachable' } }, snapshots: { ok: false, problem: { kind: 'background_unreachable' } } }));
    return () => {
      current = false;
    };
  }, [id, version]);

  if (!extras) return <p class="status status-pending">{i18n.t('incident_extras.loading')}</p>;
  const { attempts, snapshots } = extras;
  return (
    <>
      <section class="incident-section" aria-labelledby="incident-attempts">
        <h3 id="incident-attempts">{i18n.t('incident_extras.attempts')}</h3>
        {!attempts.ok ? (
          <ProblemMessage problem={attempts.problem} role={null} />
        ) : !attempts.listed ? (
          <p class="hint">{i18n.t('incident_extras.attempts_not_listed')}</p>
        ) : attempts.items.length === 0 ? (
          <p class="hint">{i18n.t('incident_extras.attempts_none')}</p>
        ) : (
          <ol class="listings attempts">
            {attempts.items.map((attempt, index) => (
              <li key={index} data-outcome={attempt.outcome ?? 'in_progress'}>
                <strong>{outcomeLabel(attempt.outcome)}</strong>
                {attempt.startedAt ? ` · ${i18n.t('incident_extras.started', [formatWhen(attempt.startedAt) ?? ''])}` : ''}
                {attempt.resolvedAt ? ` · ${i18n.t('incident_extras.resolved', [formatWhen(attempt.resolvedAt) ?? ''])}` : ''}
              </li>
            ))}
          </ol>
        )}
        <p class="hint">{i18n.t('incident_extras.attempts_note')}</p>
      </section>
      <section class="incident-section" aria-labelledby="incident-snapshots">
        <h3 id="incident-snapshots">{i18n.t('incident_extras.snapshots')}</h3>
        {!snapshots.ok ? (
          <ProblemMessage problem={snapshots.problem} role={null} />
        ) : snapshots.items.length === 0 ? (
          <p class="hint">{i18n.t('incident_extras.snapshots_none')}</p>
        ) : (
          snapshots.items.map((snapshot) => (
            <details key={snapshot.id} class="snapshot">
              <summary>
                {formatWhen(snapshot.timestamp) ?? i18n.t('incident.not_given')}
                {snapshot.type ? ` · ${snapshot.type}` : ''}
                {snapshot.description ? ` · ${snapshot.description}` : ''}
              </summary>
              <pre>{JSON.stringify({ dns: snapshot.dns, whois: snapshot.whois, certificate: snapshot.certificate }, null, 2)}</pre>
            </details>
          ))
        )}
      </section>
    </>
  );
}
