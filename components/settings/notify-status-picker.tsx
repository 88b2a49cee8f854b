import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { INCIDENT_STATUSES, type IncidentStatus } from '@/utils/api/schemas/incident-vocabulary';
import { incidentStatusWords } from '@/utils/incidents/incident-words';

interface NotifyStatusPickerProps {
  chosen: readonly IncidentStatus[];
  onChange(chosen: IncidentStatus[]): void;
}

/** One checkbox per status: a refresh notifies when a followed incident moves to a ticked one. */
export function NotifyStatusPicker({ chosen, onChange }: NotifyStatusPickerProps): JSX.Element {
  return (
    <fieldset class="choice notify-statuses">
      <legend>{i18n.t('status_refresh.notify_legend')}</legend>
      {INCIDENT_STATUSES.map((status) => (
        <div class="toggle" key={status}>
          <input
            type="checkbox"
            id={`settings-notify-${status}`}
            checked={chosen.includes(status)}
            // Kept in the spec's order, whatever order they were ticked in.
            onChange={(event) => onChange(INCIDENT_STATUSES.filter((each) => (each === status ? event.currentTarget.checked : chosen.includes(each))))}
          />
          <label for={`settings-notify-${status}`}>{incidentStatusWords(status)}</label>
        </div>
      ))}
    </fieldset>
  );
}
