import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { getBackgroundService } from '@/utils/messaging/background-service';
import { describeProblem } from '@/utils/problems/sentences';
import type { IncidentKey, IncidentLookup } from '@/utils/incidents/incident-service';
import { IncidentActions } from './incident-actions';
import { IncidentExtrasView } from './incident-extras';
import { IncidentView } from './incident-view';
import { ProblemMessage } from '../ui/problem-message';
import { fixLink } from '../ui/fix-link';

/** What the page's address names: `#<id>`, or `#subject=<subject>`. */
export function incidentKeyOf(hash: string): IncidentKey | null {
  const raw = hash.replace(/^#/, '');
  if (!raw) return null;
  if (raw.startsWith('subject=')) {
    const subject = decodeURIComponent(raw.slice('subject='.length));
    return subject ? { subject } : null;
  }
  return { id: decodeURIComponent(raw) };
}

/** The page address's hash, following changes (a link to another incident in the same tab). */
function useHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const follow = () => setHash(location.hash);
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  return hash;
}

/** The full-page incident view (incident.html#<id>), for when the popup is too small. */
export function IncidentPage(): JSX.Element {
  const hash = useHash();
  const key = incidentKeyOf(hash);
  const [lookup, setLookup] = useState<IncidentLookup | null>(null);
  const [version, setVersion] = useState(0);
  // Another incident: show none until it is read; the same one after an action stays on screen meanwhile.
  useEffect(() => setLookup(null), [hash]);
  useEffect(() => {
    if (!key) return;
    let current = true;
    void getBackgroundService()
      .incidents.find(key)
      .catch((): IncidentLookup => ({ found: null, problem: { kind: 'background_unreachable' } }))
      .then((found) => current && setLookup(found));
    return () => {
      current = false;
    };
  }, [hash, version]);

  return (
    <main class="page">
      <header class="page-header">
        <img src="/icon/48.png" alt="" width={28} height={28} />
        <h1>{i18n.t('lookup.title')}</h1>
      </header>
      {!key && (
        <p class="problem" role="alert">
          {i18n.t('lookup.missing')}
        </p>
      )}
      {key && !lookup && (
        <p class="status status-pending" role="status">
          {i18n.t('lookup.looking')}
        </p>
      )}
      {lookup?.found === false && <p role="status">{describeProblem({ kind: 'not_found', target: 'id' in key! ? 'incident' : 'subject' })}</p>}
      {lookup?.found === null && <ProblemMessage problem={lookup.problem} extra={fixLink(lookup.problem)} />}
      {lookup?.found === true && (
        <>
          <IncidentActions incident={lookup.incident} onChanged={() => setVersion((value) => value + 1)}>
            {({ waiting, others }) => <IncidentView incident={lookup.incident} waiting={waiting} actions={others} />}
          </IncidentActions>
          <IncidentExtrasView id={lookup.incident.id} version={version} />
        </>
      )}
    </main>
  );
}
