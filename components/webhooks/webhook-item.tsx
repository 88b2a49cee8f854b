import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { WEBHOOK_DELIVERY_FAILED } from '@/utils/api/schemas/webhook-vocabulary';
import type { WebhookProblem, WebhookView } from '@/utils/webhooks/webhook-service';
import { formatDay } from '../account/account-format';
import { FocusableButton } from '../ui/focusable-button';
import { focusSoon } from '../ui/focus-soon';
import { EditWebhook } from './edit-webhook';
import { SecretPanel } from './secret-panel';
import { askWebhooks, deliveryLabel, describeWebhookProblem, eventMeaning } from './webhook-text';

type Action = 'activate' | 'test' | 'rotate' | 'delete' | 'update';
type Outcome = { action: Action; problem: WebhookProblem | null; message: string | null };

/** What an action did, in words: its problem, or its result with the service's own words. */
function outcomeText({ action, problem, message }: Outcome, url: string): string {
  if (problem) return describeWebhookProblem(problem);
  const done = action === 'test' ? i18n.t('webhooks.done.test', [url]) : action === 'activate' ? i18n.t('webhooks.done.activate', [url]) : i18n.t('webhooks.done.update');
  return message ? `${done} ${i18n.t('webhooks.service_said', [message])}` : done;
}

interface WebhookItemProps {
  idPrefix: string;
  subscription: WebhookView;
  /** The client's name, when the key manages several; null otherwise. */
  clientName: string | null;
  onChanged(): void;
  onDeleted(url: string): void;
}

/** One subscription: its facts, and activate (when off), edit, test, rotate and delete, each with its result or error right here. */
export function WebhookItem({ idPrefix, subscription, clientName, onChanged, onDeleted }: WebhookItemProps): JSX.Element {
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<Action | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [secret, setSecret] = useState<{ value: string; message: string | null } | null>(null);
  const { id } = subscription;
  const url = subscription.url ?? id;
  const failed = subscription.lastDeliveryStatus === WEBHOOK_DELIVERY_FAILED;
  const missing = i18n.t('webhooks.missing');
  const outcomeId = `${idPrefix}-outcome`;
  // Offered unless the service says it is on: a state it left unknown may be off.
  const actions = [...(subscription.active === true ? [] : (['activate'] as const)), 'edit', 'test', 'rotate', 'delete'] as const;

  async function activate(): Promise<void> {
    const activated = await askWebhooks((webhooks) => webhooks.activate(id));
    setBusy(null);
    if (!activated.ok) return setOutcome({ action: 'activate', problem: activated.problem, message: null });
    setOutcome({ action: 'activate', problem: null, message: activated.message });
    // An open edit form still holds "inactive": saving it would switch the subscription off again.
    setEditing(false);
    // "Activate" goes once the list shows the subscription on: the focus goes to the outcome.
    focusSoon(outcomeId);
    onChanged();
  }

  async function run(action: Exclude<Action, 'update'>): Promise<void> {
    if (action === 'delete' && !confirm(i18n.t('webhooks.confirm_delete', [url]))) return;
    if (action === 'rotate' && !confirm(i18n.t('webhooks.confirm_rotate', [url]))) return;
    setBusy(action);
    setOutcome(null);
    setSecret(null);
    if (action === 'activate') return activate();
    if (action === 'rotate') {
      const rotated = await askWebhooks((webhooks) => webhooks.rotateSecret(id));
      setBusy(null);
      return rotated.ok ? setSecret({ value: rotated.secret, message: rotated.message }) : setOutcome({ action, problem: rotated.problem, message: null });
    }
    const answer = await askWebhooks((webhooks) => (action === 'test' ? webhooks.test(id) : webhooks.remove(id)));
    setBusy(null);
    if (!answer.ok) return setOutcome({ action, problem: answer.problem, message: null });
    if (action === 'delete') return onDeleted(url);
    setOutcome({ action, problem: null, message: answer.message });
  }

  const facts: [string, JSX.Element | string, string?][] = [
    ...(clientName ? ([[i18n.t('webhooks.fact.client'), clientName]] as [string, string][]) : []),
    [
      i18n.t('webhooks.fact.state'),
      subscription.active === null ? missing : i18n.t(subscription.active ? 'webhooks.active' : 'webhooks.inactive'),
      subscription.active === false ? 'webhook-inactive' : undefined,
    ],
    [
      i18n.t('webhooks.fact.events'),
      subscription.events?.length ? (
        <ul class="webhook-event-list">
          {subscription.events.map((event) => (
            <li key={event} title={eventMeaning(event)}>
              <code>{event}</code>
            </li>
          ))}
        </ul>
      ) : (
        missing
      ),
    ],
    [i18n.t('webhooks.fact.description'), subscription.description || missing],
    [i18n.t('webhooks.fact.created'), formatDay(subscription.createdAt)],
    [i18n.t('webhooks.fact.delivery'), deliveryLabel(subscription.lastDeliveryStatus), failed ? 'delivery-failed' : undefined],
  ];

  return (
    <li class={`webhook-item${failed ? ' is-failing' : ''}`} data-webhook={id} aria-labelledby={`${idPrefix}-title`}>
      <h3 id={`${idPrefix}-title`} class="webhook-url">
        <code>{url}</code>
      </h3>
      <dl class="facts">
        {facts.map(([term, value, tone]) => (
          <div key={term} class={`fact${tone ? ` ${tone}` : ''}`}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div class="actions">
        {actions.map((action) => (
          <FocusableButton
            key={action}
            id={`${idPrefix}-${action}`}
            type="button"
            aria-label={i18n.t('webhooks.action.label', [i18n.t(`webhooks.action.${action}`), url])}
            aria-expanded={action === 'edit' ? editing : undefined}
            aria-describedby={outcome?.problem && outcome.action === action ? outcomeId : undefined}
            unavailable={busy !== null}
            onClick={() => (action === 'edit' ? (setEditing(!editing), setOutcome(null)) : void run(action))}
          >
            {busy === action ? i18n.t('webhooks.working') : i18n.t(`webhooks.action.${action}`)}
          </FocusableButton>
        ))}
      </div>
      {editing && (
        <EditWebhook
          idPrefix={idPrefix}
          subscription={subscription}
          onCancel={() => {
            setEditing(false);
            focusSoon(`${idPrefix}-edit`);
          }}
          onSaved={() => {
            // The form closes: the focus goes back to "Edit", above the outcome.
            setEditing(false);
            focusSoon(`${idPrefix}-edit`);
            setOutcome({ action: 'update', problem: null, message: null });
            onChanged();
          }}
        />
      )}
      {secret && <SecretPanel id={`${idPrefix}-secret`} secret={secret.value} message={secret.message} rotated onDismiss={() => setSecret(null)} />}
      {outcome && (
        <p id={outcomeId} class={outcome.problem ? 'problem' : 'status status-ok'} role={outcome.problem ? 'alert' : 'status'} tabIndex={-1}>
          {outcomeText(outcome, url)}
        </p>
      )}
    </li>
  );
}
