import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { WEBHOOK_EVENT_TYPES } from '@/utils/api/schemas/webhook-vocabulary';
import { eventMeaning } from './webhook-text';

interface EventChoicesProps {
  id: string;
  selected: readonly string[];
  onChange(events: string[]): void;
  /** Shown under the legend and announced; marks the choices invalid. */
  error?: string | null;
}

/**
 * The event types to subscribe to, each with its meaning from the spec. Types
 * the service lists that this extension does not know stay offered, checked,
 * so saving never drops them in silence.
 */
export function EventChoices({ id, selected, onChange, error }: EventChoicesProps): JSX.Element {
  const unknown = selected.filter((event) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(event));
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  function toggle(event: string, on: boolean): void {
    onChange(on ? [...selected, event] : selected.filter((chosen) => chosen !== event));
  }
  return (
    <fieldset id={id} class="webhook-events" aria-describedby={describedBy}>
      <legend>{i18n.t('webhooks.form.events')}</legend>
      <p id={`${id}-hint`} class="hint">
        {i18n.t('webhooks.form.events_hint')}
      </p>
      {[...WEBHOOK_EVENT_TYPES, ...unknown].map((event) => (
        <label key={event} class="toggle">
          <input type="checkbox" checked={selected.includes(event)} aria-invalid={error ? true : undefined} onChange={(change) => toggle(event, change.currentTarget.checked)} />
          <span>
            <code>{event}</code>: {eventMeaning(event)}
          </span>
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} class="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
