import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { WEBHOOK_EVENT_TYPES } from '@/utils/api/schemas/webhook-vocabulary';
import { orderClientTree } from '@/utils/connection/client-tree';
import type { ClientSummary } from '@/utils/storage/connection-types';
import { checkDraft, countSubscriptions, WEBHOOK_LIMIT_PER_CLIENT } from '@/utils/webhooks/webhook-input';
import type { WebhookView } from '@/utils/webhooks/webhook-service';
import { clientLabel } from '../account/account-format';
import { reportableClients } from '../shared/client-picker';
import { askWebhooks, describeWebhookProblem } from './webhook-text';
import type { FormError, WebhookFormValues } from './webhook-fields';
import { focusControl } from './focus-control';

/** The prefix of the create form's ids. */
export const CREATE_ID = 'webhook-new';

/** A subscription just created: its URL, and its secret shown once (null: the service sent none). */
export type Created = { url: string; secret: string | null; message: string | null };

/** The clients a subscription can be for, in tree order, labelled and indented. */
function clientChoices(clients: readonly ClientSummary[]) {
  return orderClientTree(reportableClients(clients)).map(({ client, depth }) => ({ id: client.id, label: clientLabel(client.id, client.name), depth }));
}

/**
 * The create form's state and its submit: checked here first (the draft,
 * then the chosen client's count against the spec's limit), then sent.
 */
export function useCreateWebhook(clients: readonly ClientSummary[], subscriptions: readonly WebhookView[] | null, onCreated: () => void) {
  const choices = clientChoices(clients);
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
  const clientHint = count === null || !namesClient ? undefined : i18n.t('webhooks.form.client_count', [chosenLabel, count]);

  function refuse(next: FormError): void {
    setError(next);
    focusControl(CREATE_ID, next.field);
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

  return { values, setValues, error, busy, created, setCreated, choices: namesClient ? choices : [], clientHint, submit };
}
