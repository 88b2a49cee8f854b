import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { ClientSummary } from '@/utils/storage/connection-types';
import type { WebhookView } from '@/utils/webhooks/webhook-service';
import { clientLabel } from '../account/account-format';
import { useAccountAnswer } from '../account/use-account-answer';
import { FocusableButton } from '../ui/focusable-button';
import { focusSoon } from '../ui/focus-soon';
import { CreateWebhook } from './create-webhook';
import { VerifyDelivery } from './verify-delivery';
import { WebhookItem } from './webhook-item';
import { askWebhooks, describeWebhookProblem } from './webhook-text';

const DELETED_ID = 'webhooks-deleted';

interface WebhookListProps {
  subscriptions: readonly WebhookView[];
  /** The client's name shown on an item; null when the key manages one client. */
  clientNameOf(clientId: string | null): string | null;
  onChanged(): void;
  onDeleted(url: string, id: string): void;
}

/** The subscriptions listed, each an item of its own. */
function WebhookList({ subscriptions, clientNameOf, onChanged, onDeleted }: WebhookListProps): JSX.Element {
  return (
    <ul class="webhook-list" aria-label={i18n.t('webhooks.list_label')}>
      {subscriptions.map((subscription, index) => (
        <WebhookItem
          key={subscription.id}
          idPrefix={`webhook-${index}`}
          subscription={subscription}
          clientName={clientNameOf(subscription.clientId)}
          onChanged={onChanged}
          onDeleted={(url) => onDeleted(url, subscription.id)}
        />
      ))}
    </ul>
  );
}

/**
 * Webhooks: the key's subscriptions with their delivery state, what can be
 * done to each, a create form, and "Verify a delivery" for whoever debugs a
 * receiver. Secrets are shown once and kept nowhere.
 */
export function WebhooksSection({ clients }: { clients: readonly ClientSummary[] }): JSX.Element {
  const { answer, loading, reload } = useAccountAnswer(() => askWebhooks((webhooks) => webhooks.list()));
  const [deleted, setDeleted] = useState<string | null>(null);
  // Deleted subscriptions leave the list at once, not when the list is read again (it says "deleted" meanwhile).
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const several = clients.length > 1;
  const nameOf = (clientId: string | null) => clientLabel(clientId, clients.find((client) => client.id === clientId)?.name);
  const subscriptions = answer?.ok ? answer.subscriptions.filter((subscription) => !gone.has(subscription.id)) : null;

  return (
    <>
      <div class="account-part-header">
        <p class="hint">{i18n.t('webhooks.intro')}</p>
        <FocusableButton type="button" class="secondary" unavailable={loading} onClick={() => (setDeleted(null), reload())}>
          {i18n.t('webhooks.refresh')}
        </FocusableButton>
      </div>
      <div aria-busy={loading}>
        {loading && !answer && (
          <p class="status status-pending" role="status">
            {i18n.t('webhooks.loading')}
          </p>
        )}
        {deleted && (
          <p id={DELETED_ID} class="status status-ok" role="status" tabIndex={-1}>
            {i18n.t('webhooks.done.delete', [deleted])}
          </p>
        )}
        {answer && !answer.ok && (
          <p class="problem" role="alert">
            {describeWebhookProblem(answer.problem)}
          </p>
        )}
        {subscriptions && subscriptions.length === 0 && <p class="webhook-empty">{i18n.t('webhooks.empty')}</p>}
        {subscriptions && subscriptions.length > 0 && (
          <WebhookList
            subscriptions={subscriptions}
            clientNameOf={(clientId) => (several ? nameOf(clientId) : null)}
            onChanged={reload}
            onDeleted={(url, id) => {
              // The subscription's item goes, with the button that had the focus: the focus goes to the outcome.
              setDeleted(url);
              setGone((previous) => new Set([...previous, id]));
              focusSoon(DELETED_ID);
              reload();
            }}
          />
        )}
        {answer?.ok && answer.skipped > 0 && <p class="warning">{i18n.t('webhooks.skipped', answer.skipped, [answer.skipped])}</p>}
      </div>
      <CreateWebhook clients={clients} subscriptions={subscriptions} onCreated={reload} />
      <VerifyDelivery />
    </>
  );
}
