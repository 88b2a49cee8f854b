import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { IncidentHistory } from '@/utils/api/schemas/history';
import { authorKind, formatWhen, newestFirst } from './incident-format';

/** The incident's timeline, newest first, with system, analyst and client entries told apart. */
export function IncidentHistoryList({ history }: { history: readonly IncidentHistory[] }): JSX.Element {
  return (
    <section class="incident-section" aria-labelledby="incident-history">
      <h3 id="incident-history">{i18n.t('incident.history')}</h3>
      {history.length === 0 ? (
        <p class="hint">{i18n.t('incident.history_empty')}</p>
      ) : (
        <ol class="timeline">
          {newestFirst(history).map((entry, index) => {
            const kind = authorKind(entry.author);
            const approval = /approv/i.test(entry.message);
            return (
              <li key={index} class={`timeline-entry author-${kind}`} data-author={kind}>
                <p class="timeline-meta">
                  <span class="type-tag">{i18n.t(`incident.author.${kind}`)}</span> {entry.author && kind === 'client' ? entry.author : ''}{' '}
                  <span class="hint">{formatWhen(entry.timestamp) ?? ''}</span>
                  {approval && <span class="type-tag approval">{i18n.t('incident.approval')}</span>}
                </p>
                <p class="timeline-message">{entry.message}</p>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
