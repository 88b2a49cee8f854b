import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { IncidentState } from '@/utils/api/schemas/incident';
import { siteFactsOf } from '@/utils/incidents/site-state';
import { formatWhen } from './incident-format';

/**
 * The state of the site as facts: one sentence per state the service asserts
 * (a flag that is true), never a "no" made of false or null, and "not checked
 * yet" when it asserts nothing.
 */
export function IncidentStateFlags({ state }: { state: IncidentState | null | undefined }): JSX.Element {
  const facts = siteFactsOf(state);
  const scanned = formatWhen(state?.timestamp);
  return (
    <section class="incident-section" aria-labelledby="incident-state">
      <h3 id="incident-state">{i18n.t('incident.state')}</h3>
      {facts.length > 0 ? (
        <ul class="site-facts">
          {facts.map((fact) => (
            <li key={fact} data-fact={fact}>
              {i18n.t(`incident.site.${fact}`)}
            </li>
          ))}
        </ul>
      ) : (
        // A scan that asserted nothing is not "not checked": it says so apart.
        <p class="hint site-facts-none">{i18n.t(scanned ? 'incident.site.nothing_asserted' : 'incident.site.not_checked')}</p>
      )}
      {scanned && <p class="hint">{i18n.t('incident.scanned', [scanned])}</p>}
    </section>
  );
}
