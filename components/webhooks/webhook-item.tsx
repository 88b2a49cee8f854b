import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { WEBHOOK_DELIVERY_FAILED } from '@/utils/api/schemas/webhook-vocabulary';
import type { WebhookView } from '@/utils/webhooks/webhook-service';
import { FocusableButton } from '../ui/focusable-button';
import { focusSoon } from '../ui/focus-soon';
import { EditWebhook } from './edit-webhook';
import { SecretPanel } from './secret-panel';
import { describeWebhookProblem } from './webhook-text';
import { WebhookFacts } from './webhook-facts';
import { useWebhookActions, type WebhookOutcome } from './use-webhook-actions';

/** What an action did, in words: its problem, or its result with the service's own words. */
function outcomeText({ action, problem, message }: WebhookOutcome, url: string): string {
  if (problem) return describeWebhookProblem(problem);
  const done = action === 'test' ? i18n.t('webhooks.done.test', [url]) : action === 'activate' ? i18n.t('webhooks.done.activate', [url]) : i18n.t('webhooks.done.update');
  return message ? `${done} ${i18n.t('webhooks.service_said', [message])}` : done;
}

/** The buttons offered: activate unless the service says it is on (a state it left unknown may be off), then the rest. */
function actionsOf(subscription: WebhookView) {
  return [...(subscription.active === true ? [] : (['activate'] as const)), 'edit', 'test', 'rotate', 'delete'] as const;
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
  const { id } = subscription;
  const url = subscription.url ?? id;
  const failed = subscription.lastDeliveryStatus === WEBHOOK_DELIVERY_FAILED;
  const outcomeId = `${idPrefix}-outcome`;
  const { editing, setEditing, busy, outcome, setOutcome, secret, setSecret, run } = useWebhookActions({ id, url, outcomeId, onChanged, onDeleted });

  return (
    <li class={`webhook-item${failed ? ' is-failing' : ''}`} data-webhook={id} aria-labelledby={`${idPrefix}-title`}>
      <h3 id={`${idPrefix}-title`} class="webhook-url">
        <code>{url}</code>
      </h3>
      <WebhookFacts subscription={subscription} clientName={clientName} />
      <div class="actions">
        {actionsOf(subscription).map((action) => (
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
