import { dataOf, isRecord, messageOf, readList, readRecord, unexpectedResponse } from './envelope';
import type { SendRequest } from './request';
import type { ParsedItems } from './schemas/lenient-array';
import type { ActionResult } from './schemas/report';
import { RotatedSecret, WebhookSubscription, type NewWebhook, type WebhookPatch } from './schemas/webhook';

/** What an update returns: its body is not shown, so the subscription only when one came back. */
export interface WebhookUpdateResult {
  subscription?: WebhookSubscription;
  message?: string;
}

function readMessage(body: unknown): ActionResult {
  const message = messageOf(body);
  return message === undefined ? {} : { message };
}

/** The webhook subscription endpoints (spec: Endpoints › Webhooks). */
export function webhookEndpoints(send: SendRequest) {
  const notFoundMessage = 'No webhook subscription with this id was found.';
  return {
    /** Lists the webhook subscriptions (GET /v1/webhooks). */
    async listWebhooks(): Promise<ParsedItems<WebhookSubscription>> {
      const { body } = await send(['webhooks']);
      return readList(WebhookSubscription, body, 'webhooks', 'the webhook list');
    },

    /** Creates a subscription; its `secret` is shown this once (POST /v1/webhooks). */
    async createWebhook(webhook: NewWebhook): Promise<WebhookSubscription> {
      const { body } = await send(['webhooks'], { method: 'POST', json: webhook });
      const subscription = readRecord(WebhookSubscription, body, 'the new webhook');
      const message = subscription.message ?? messageOf(body);
      return message === undefined ? subscription : { ...subscription, message };
    },

    /** Changes a subscription's URL, events, description or active flag (PATCH /v1/webhooks/{id}). */
    async updateWebhook(id: string, patch: WebhookPatch): Promise<WebhookUpdateResult> {
      const { body } = await send(['webhooks', id], { method: 'PATCH', json: patch, notFoundMessage });
      const parsed = WebhookSubscription.safeParse(dataOf(body));
      return { ...readMessage(body), ...(parsed.success ? { subscription: parsed.data } : {}) };
    },

    /** Deletes a subscription (DELETE /v1/webhooks/{id}). */
    async deleteWebhook(id: string): Promise<ActionResult> {
      const { body } = await send(['webhooks', id], { method: 'DELETE', notFoundMessage });
      return readMessage(body);
    },

    /** Sends a `webhook.test` event to the subscription URL (POST /v1/webhooks/{id}/test). */
    async testWebhook(id: string): Promise<ActionResult> {
      const { body } = await send(['webhooks', id, 'test'], { method: 'POST', notFoundMessage });
      return readMessage(body);
    },

    /** Issues a new signing secret, invalidating the old one at once (POST /v1/webhooks/{id}/rotate-secret). */
    async rotateWebhookSecret(id: string): Promise<RotatedSecret> {
      const { body } = await send(['webhooks', id, 'rotate-secret'], { method: 'POST', notFoundMessage });
      const data = dataOf(body);
      // Spec: `{data: {secret, message}, message}`; a top-level secret is accepted too.
      const parsed = RotatedSecret.safeParse(isRecord(data) && 'secret' in data ? data : body);
      if (!parsed.success) throw unexpectedResponse('the new secret');
      return parsed.data;
    },
  };
}
