import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import type { DetailedIncident } from '@/utils/api/schemas/incident';
import { getBackgroundService } from '@/utils/messaging/background-service';
import { incidentStatusWords } from '@/utils/incidents/incident-words';
import { statusMeaning, statusTone } from './incident-format';

/**
 * The incident of the page the popup opened on, if there is one: its status
 * first, before anything else, so nobody reports it twice.
 */
export function KnownIncident({ subject }: { subject: string }): JSX.Element | null {
  const [incident, setIncident] = useState<DetailedIncident | null>(null);
  useEffect(() => {
    if (!subject) return;
    let current = true;
    void getBackgroundService()
      .incidents.find({ subject })
      .then((lookup) => current && lookup.found === true && setIncident(lookup.incident))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [subject]);
  if (!incident) return null;
  const meaning = statusMeaning(incident.status);
  return (
    <section class="known-incident" role="status" aria-label={i18n.t('lookup.known')} data-incident-id={incident.id}>
      <p>
        {i18n.t('lookup.known')} <span class={`status-chip tone-${statusTone(incident.status)}`}>{incidentStatusWords(incident.status)}</span>
      </p>
      {meaning && <p class="hint">{meaning}</p>}
      <a href={browser.runtime.getURL(`/incident.html#${encodeURIComponent(incident.id)}`)} target="_blank" rel="noopener">
        {i18n.t('lookup.open_full')}
      </a>
    </section>
  );
}
