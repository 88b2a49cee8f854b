import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { nested } from '../shared/client-picker';
import type { WebhookField } from '@/utils/webhooks/webhook-input';
import { TextField } from '../ui/text-field';
import { EventChoices } from './event-choices';

/** What the create and edit forms hold. */
export interface WebhookFormValues {
  url: string;
  events: string[];
  description: string;
  active: boolean;
  clientId: string;
}

/** A refusal, at the control it belongs to (or the form as a whole when `field` is null). */
export interface FormError {
  field: WebhookField | null;
  text: string;
}

/** A client the subscription can be for. */
interface ClientChoice {
  id: string;
  label: string;
  /** How many levels it sits under its parent (0: top level); its option is indented as much. */
  depth?: number;
}

interface WebhookFieldsProps {
  /** Prefix of every control's id, unique on the page. */
  idPrefix: string;
  values: WebhookFormValues;
  onChange(changes: Partial<WebhookFormValues>): void;
  error: FormError | null;
  /** Create: the client picker (when several) and no active switch. Edit: the active switch. */
  mode: 'create' | 'edit';
  clients?: readonly ClientChoice[];
  /** Under the client picker: how many subscriptions the chosen client has. */
  clientHint?: string;
}

/** The id of a control, so a refusal can move focus to it. */
export function controlId(idPrefix: string, field: WebhookField): string {
  return `${idPrefix}-${field}`;
}

/** The client picker of the create form, with the chosen client's count under it and its refusal tied to it. */
function ClientPicker({
  id,
  value,
  clients,
  hint,
  error,
  onChange,
}: {
  id: string;
  value: string;
  clients: readonly ClientChoice[];
  hint?: string;
  error: string | null;
  onChange(clientId: string): void;
}): JSX.Element {
  return (
    <div class="field">
      <label for={id}>{i18n.t('webhooks.form.client')}</label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {clients.map((client) => (
          <option key={client.id} value={client.id}>
            {nested(client.label, client.depth ?? 0)}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} class="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} class="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The edit form's "active" switch, with its refusal tied to it. */
function ActiveSwitch({ idPrefix, checked, error, onChange }: { idPrefix: string; checked: boolean; error: string | null; onChange(active: boolean): void }): JSX.Element {
  return (
    <div class="field">
      <label class="toggle">
        <input
          id={controlId(idPrefix, 'active')}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${idPrefix}-active-error` : undefined}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        {i18n.t('webhooks.form.active')}
      </label>
      {error && (
        <p id={`${idPrefix}-active-error`} class="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The controls of a subscription, each labelled, with its refusal tied to it. */
export function WebhookFields({ idPrefix, values, onChange, error, mode, clients = [], clientHint }: WebhookFieldsProps): JSX.Element {
  const errorFor = (field: WebhookField) => (error?.field === field ? error.text : null);
  const clientError = errorFor('clientId');
  return (
    <>
      {mode === 'create' && clients.length > 1 && (
        <ClientPicker id={controlId(idPrefix, 'clientId')} value={values.clientId} clients={clients} hint={clientHint} error={clientError} onChange={(clientId) => onChange({ clientId })} />
      )}
      {mode === 'create' && clients.length <= 1 && clientError && (
        <p class="field-error" role="alert">
          {clientError}
        </p>
      )}
      <TextField
        id={controlId(idPrefix, 'url')}
        label={i18n.t('webhooks.form.url')}
        type="url"
        value={values.url}
        placeholder="https://hooks.example.com/incidents"
        hint={i18n.t('webhooks.form.url_hint')}
        error={errorFor('url')}
        onInput={(url) => onChange({ url })}
      />
      <EventChoices id={controlId(idPrefix, 'events')} selected={values.events} error={errorFor('events')} onChange={(events) => onChange({ events })} />
      <TextField
        id={controlId(idPrefix, 'description')}
        label={i18n.t('webhooks.form.description')}
        value={values.description}
        hint={i18n.t('webhooks.form.description_hint')}
        error={errorFor('description')}
        onInput={(description) => onChange({ description })}
      />
      {mode === 'edit' && <ActiveSwitch idPrefix={idPrefix} checked={values.active} error={errorFor('active')} onChange={(active) => onChange({ active })} />}
    </>
  );
}
