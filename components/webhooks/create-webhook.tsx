import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { WEBHOOK_EVENT_TYPES } from '@/utils/api/schemas/webhook-vocabulary';
import { orderClientTree } from '@/utils/connection/client-tree';
import type { ClientSummary } from '@/utils/storage/connection-types';
import { checkDraft, countSubscriptions, WEBHOOK_LIMIT_PER_CLIENT } from '@/utils/webhooks/webhook-input';
import type { WebhookView } from '@/utils/webhooks/webhook-service';
import { clientLabel } from '../account/account-format';
import { reportableClients } from '../shared/client-picker';
import { FocusableButton } from '../ui/focusable-button';
import { SecretPanel } from './secret-panel';
import { askWebhooks, describeWebhookProblem } from './webhook-text';
import { WebhookFields, type FormError, type WebhookFormValues } from './webhook-fields';
import { focusControl } from './focus-control';

const ID = 'webhook-new';

interface CreateWebhookProps {
  clients: readonly ClientSummary[];
  /** The subscriptions listed, to count the chosen client's; null while unknown. */
  subscriptions: readonly WebhookView[] | null;
  onCreated(): void;
}

type Created = { url: string; secret: string | null; message: string | null };

/**
 * The create form: an https URL, the events with their meanings, a
 * description, and the client when the key manages several. A client at the
 * spec's limit is refused here, before anything is sent.
 */
export function CreateWebhook({ clients, subscriptions, onCreated }: CreateWebhookProps): JSX.Element {
  const choices = orderClientTree(reportableClients(clients)).map(({ client, depth }) => ({ id: client.id, label: clientLabel(client.id, client.name), depth }));
  // A key of several clients names one on every create, so the count and the 401 are about that client.
  const namesClient = clients.length > 1 && choices.length > 0;
  const blank: WebhookFormValues = { url: '', events: [...WEBHOOK_EVENT_TYPES], description: '', active: true, clientId: choices[0]?.id ?? '' };
  const [values, setValues] = useState<WebhookFormValues>(blank);
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const clientId = namesClient ? values.clientId : undefined;
  const count = subscriptions ? countSubscriptions(subscriptions, clientId) : null;
  const chosenLabel = choices.find((choice) => choice.id === values.clientId)?.label ?? '';

  function refuse(next: FormError): void {
    setError(next);
    focusControl(ID, next.field);
  }

  async function submit(event: Event): Promise<void> {
    event.preventDefault();
    setCreated(null);
    const checked = checkDraft(values);
    if (!checked.ok) return refuse({ field: checked.field, text: describeWebhookProblem({ kind: 'webhook_input', reason: checked.reason }) });
    if (count !== null && count >= WEBHOOK_LIMIT_PER_CLIENT) {
      return refuse({ field: 'clientId', text: describeWebhookProblem({ kind: 'webhook_limit', limit: WEBHOOK_LIMIT_PER_CLIENT, count }) });
    }
    setBusy(true);
    setError(null);
    const draft = { url: values.url, events: values.events, description: values.description, ...(clientId ? { clientId } : {}) };
    const answer = await askWebhooks((webhooks) => webhooks.create(draft));
    setBusy(false);
    if (!answer.ok) return refuse({ field: answer.field, text: describeWebhookProblem(answer.problem) });
    setCreated({ url: answer.subscription.url ?? values.url.trim(), secret: answer.secret, message: answer.message });
    setValues({ ...blank, clientId: values.clientId });
    onCreated();
  }

  return (
    <section class="webhook-create" aria-labelledby={`${ID}-heading`}>
      <h3 id={`${ID}-heading`}>{i18n.t('webhooks.form.create_heading')}</h3>
      {created && (
        <div class="webhook-created">
          <p class="status status-ok" role="status">
            {i18n.t('webhooks.done.create', [created.url])}
          </p>
          {created.secret === null ? (
            <p class="problem" role="alert">
              {i18n.t('webhooks.secret.missing')}
            </p>
          ) : (
            <SecretPanel id={`${ID}-secret`} secret={created.secret} message={created.message} rotated={false} onDismiss={() => setCreated(null)} />
          )}
        </div>
      )}
      <form noValidate aria-busy={busy || undefined} onSubmit={(event) => void submit(event)}>
        <WebhookFields
          idPrefix={ID}
          mode="create"
          values={values}
          error={error}
          clients={namesClient ? choices : []}
          clientHint={count === null || !namesClient ? undefined : i18n.t('webhooks.form.client_count', [chosenLabel, count])}
          onChange={(changes) => setValues((current) => ({ ...current, ...changes }))}
        />
        {error && error.field === null && (
          <p class="problem" role="alert">
            {error.text}
          </p>
        )}
        <FocusableButton type="submit" class="primary" unavailable={busy}>
          {i18n.t(busy ? 'webhooks.working' : 'webhooks.form.create')}
        </FocusableButton>
      </form>
    </section>
  );
}
