import { i18n } from '#i18n';
import { WEBHOOK_DELIVERY_FAILED, WEBHOOK_EVENT_TYPES } from '@/utils/api/schemas/webhook-vocabulary';
import { getBackgroundService } from '@/utils/messaging/background-service';
import { describeProblem } from '@/utils/problems/sentences';
import type { WebhookFailure, WebhookProblem } from '@/utils/webhooks/webhook-service';

type KnownEvent = (typeof WEBHOOK_EVENT_TYPES)[number];

/** True for the six event types of the spec; the set is open, so others are kept as written. */
function isKnownEvent(event: string): event is KnownEvent {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(event);
}

/** What an event type means, in the spec's words (Events › Event types). */
export function eventMeaning(event: string): string {
  return isKnownEvent(event) ? i18n.t(`webhooks.event.${event.replace('.', '_') as 'incident_created'}`) : i18n.t('webhooks.event.unknown');
}

/** `lastDeliveryStatus` in words: `failed` explained (spec: set after the fifth failed attempt), others as written. */
export function deliveryLabel(status: string | null | undefined): string {
  if (status === WEBHOOK_DELIVERY_FAILED) return i18n.t('webhooks.delivery.failed');
  return status ? i18n.t('webhooks.delivery.other', [status]) : i18n.t('webhooks.delivery.none');
}

function withServerWords(sentence: string, serverMessage: string | undefined): string {
  return serverMessage ? `${sentence} ${i18n.t('problem.server_said', [serverMessage])}` : sentence;
}

/** The sentence for a webhook problem: the forms' own refusals, then every other problem as the whole extension says it. */
export function describeWebhookProblem(problem: WebhookProblem): string {
  switch (problem.kind) {
    case 'webhook_input':
      return i18n.t(`webhooks.problem.${problem.reason}`);
    case 'webhook_limit':
      return i18n.t('webhooks.problem.limit', [problem.count, problem.limit]);
    case 'webhook_still_inactive':
      return i18n.t('webhooks.problem.still_inactive');
    case 'duplicate':
      // The one conflict the spec implies on webhooks is the limit per client.
      return problem.target === 'webhook' ? withServerWords(i18n.t('webhooks.problem.conflict'), problem.serverMessage) : describeProblem(problem);
    case 'not_found':
      return problem.target === 'webhook' ? i18n.t('webhooks.problem.not_found') : describeProblem(problem);
    case 'unexpected_response':
      return problem.target === 'secret' ? i18n.t('webhooks.problem.rotate_unreadable') : describeProblem(problem);
    default:
      return describeProblem(problem);
  }
}

/** The background's webhook service; a background that does not answer becomes a problem value. */
export async function askWebhooks<T>(call: (webhooks: ReturnType<typeof getBackgroundService>['webhooks']) => Promise<T>): Promise<T | WebhookFailure> {
  try {
    return await call(getBackgroundService().webhooks);
  } catch {
    return { ok: false, problem: { kind: 'background_unreachable' }, field: null };
  }
}
