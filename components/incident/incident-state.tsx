import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { IncidentState } from '@/utils/api/schemas/incident';
import { flagLabel, formatWhen } from './incident-format';

const FLAGS = ['responsive', 'unresponsive', 'contentRemoved', 'redirect', 'warningBanner', 'inconclusive'] as const;

/** What the last state scan saw; an empty flag is "undetermined". */
export function IncidentStateFlags({ state }: { state: IncidentState | null | undefined }): JSX.Element {
  return (
    <section class="incident-section" aria-labelledby="incident-state">
      <h3 id="incident-state">{i18n.t('incident.state')}</h3>
      {!state ? (
        <p class="hint">{i18n.t('incident.not_captured')}</p>
      ) : (
        <>
          <dl class="flags">
            {FLAGS.map((flag) => (
              <div key={flag} class="fact" data-flag={flag} data-value={String(state[flag])}>
                <dt>{i18n.t(`incident.flag.${flag}`)}</dt>
                <dd>{flagLabel(state[flag])}</dd>
              </div>
            ))}
          </dl>
          {state.timestamp && <p class="hint">{i18n.t('incident.scanned', [formatWhen(state.timestamp) ?? ''])}</p>}
        </>
      )}
    </section>
  );
}
