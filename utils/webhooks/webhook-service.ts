import type { IncidentApi } from '../api/client';

/** Webhook subscriptions managed from the options page, answered by the background, which alone holds the key. */
export function createWebhookService(_api: IncidentApi) {
  return {};
}

export type WebhookService = ReturnType<typeof createWebhookService>;
