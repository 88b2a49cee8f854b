import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { WEBHOOK_DELIVERY_FAILED } from '@/utils/api/schemas/webhook-vocabulary';
import type { WebhookView } from '@/utils/webhooks/webhook-service';
import { formatDay } from '../account/account-format';
import { deliveryLabel, eventMeaning } from './webhook-text';

/** A fact: its term, its value, and the class of its tone (absent: plain). */
type Fact = [string, JSX.Element | string, string?];

/** The events a subscription listens to, each with its meaning on hover. */
function EventList({ events }: { events: readonly string[] }): JSX.Element {
  return (
    <ul class="webhook-event-list">
      {events.map((event) => (
        <li key={event} title={eventMeaning(event)}>
          <code>{event}</code>
        </li>
      ))}
    </ul>
  );
}

/** A subscription's facts in order; what the service left out reads "missing". */
function factsOf(subscription: WebhookView, clientName: string | null): Fact[] {
  const missing = i18n.t('webhooks.missing');
  const failed = subscription.lastDeliveryStatus === WEBHOOK_DELIVERY_FAILED;
  return [
    ...(clientName ? ([[i18n.t('webhooks.fact.client'), clientName]] as [string, string][]) : []),
    [
      i18n.t('webhooks.fact.state'),
      subscription.active === null ? missing : i18n.t(subscription.active ? 'webhooks.active' : 'webhooks.inactive'),
      subscription.active === false ? 'webhook-inactive' : undefined,
    ],
    [i18n.t('webhooks.fact.events'), subscription.events?.length ? <EventList events={subscription.events} /> : missing],
    [i18n.t('webhooks.fact.description'), subscription.description || missing],
    [i18n.t('webhooks.fact.created'), formatDay(subscription.createdAt)],
    [i18n.t('webhooks.fact.delivery'), deliveryLabel(subscription.lastDeliveryStatus), failed ? 'delivery-failed' : undefined],
  ];
}

/** A subscription's facts as a description list: client, state, events, description, created, last delivery. */
export function WebhookFacts({ subscription, clientName }: { subscription: WebhookView; clientName: string | null }): JSX.Element {
  return (
    <dl class="facts">
      {factsOf(subscription, clientName).map(([term, value, tone]) => (
        <div key={term} class={`fact${tone ? ` ${tone}` : ''}`}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
