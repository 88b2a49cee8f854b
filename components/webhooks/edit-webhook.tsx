import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { checkChanges, type WebhookChanges } from '@/utils/webhooks/webhook-input';
import type { WebhookView } from '@/utils/webhooks/webhook-service';
import { FocusableButton } from '../ui/focusable-button';
import { focusControl } from './focus-control';
import { WebhookFields, type FormError, type WebhookFormValues } from './webhook-fields';
import { askWebhooks, describeWebhookProblem } from './webhook-text';

interface EditWebhookProps {
  idPrefix: string;
  subscription: WebhookView;
  onSaved(): void;
  onCancel(): void;
}

function valuesOf(subscription: WebhookView): WebhookFormValues {
  return {
    url: subscription.url ?? '',
    events: subscription.events ?? [],
    description: subscription.description ?? '',
    active: subscription.active ?? true,
    clientId: subscription.clientId ?? '',
  };
}

const sameEvents = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((event) => b.includes(event));

/** Only what changed, so an untouched field is never rewritten. */
export function changesBetween(before: WebhookFormValues, after: WebhookFormValues): WebhookChanges {
  return {
    ...(after.url.trim() !== before.url.trim() ? { url: after.url } : {}),
    ...(!sameEvents(before.events, after.events) ? { events: after.events } : {}),
    ...(after.active !== before.active ? { active: after.active } : {}),
    ...(after.description.trim() !== before.description.trim() ? { description: after.description } : {}),
  };
}

/** Edits URL, events, active flag and description, saved in one request or not at all. */
export function EditWebhook({ idPrefix, subscription, onSaved, onCancel }: EditWebhookProps): JSX.Element {
  const [values, setValues] = useState<WebhookFormValues>(() => valuesOf(subscription));
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);

  function refuse(next: FormError): void {
    setError(next);
    focusControl(idPrefix, next.field);
  }

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    const changes = changesBetween(valuesOf(subscription), values);
    if (Object.keys(changes).length === 0) return refuse({ field: null, text: i18n.t('webhooks.form.unchanged') });
    const checked = checkChanges(changes);
    if (!checked.ok) return refuse({ field: checked.field, text: describeWebhookProblem({ kind: 'webhook_input', reason: checked.reason }) });
    setBusy(true);
    setError(null);
    const answer = await askWebhooks((webhooks) => webhooks.update(subscription.id, changes));
    setBusy(false);
    if (!answer.ok) return refuse({ field: answer.field, text: describeWebhookProblem(answer.problem) });
    onSaved();
  }

  return (
    <form class="webhook-edit" noValidate aria-busy={busy || undefined} aria-label={i18n.t('webhooks.form.edit_label', [subscription.url ?? subscription.id])} onSubmit={(event) => void submit(event)}>
      <WebhookFields idPrefix={idPrefix} mode="edit" values={values} error={error} onChange={(changes) => setValues((current) => ({ ...current, ...changes }))} />
      {error && error.field === null && (
        <p class="problem" role="alert">
          {error.text}
        </p>
      )}
      <div class="actions">
        <FocusableButton type="submit" class="primary" unavailable={busy}>
          {i18n.t(busy ? 'webhooks.working' : 'webhooks.form.save')}
        </FocusableButton>
        <FocusableButton type="button" class="link-button" unavailable={busy} onClick={onCancel}>
          {i18n.t('webhooks.form.cancel')}
        </FocusableButton>
      </div>
    </form>
  );
}
