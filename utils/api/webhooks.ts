import { isLoopbackHost } from './loopback';
import { dataOf, isRecord, messageOf, readList, unexpectedResponse } from './envelope';
import { ApiError } from './errors';
import type { SendRequest } from './request';
import type { ParsedItems } from './schemas/lenient';
import type { ActionResult } from './schemas/report';
import { CreatedWebhook, RotatedSecret, WebhookSubscription, type NewWebhook, type WebhookPatch } from './schemas/webhook';

/** What an update returns: its body is not shown, so the subscription only when one came back. */
export interface WebhookUpdateResult {
  subscription?: WebhookSubscription;
  message?: string;
}

function readMessage(body: unknown): ActionResult {
  return { message: messageOf(body) };
}

/**
 * Spec: delivery URLs are HTTPS. Refused before anything is sent. Plain http
 * passes only for loopback, the rule of the service URL (api/loopback.ts):
 * a service on this machine (the sandbox) can deliver to a receiver on this
 * machine; a remote service cannot reach it and judges it by its own rule.
 */
function checkWebhookUrl(url: string): void {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  const loopback = parsed?.protocol === 'http:' && isLoopbackHost(parsed.hostname);
  if (parsed?.protocol !== 'https:' && !loopback) throw new ApiError({ kind: 'invalid_request', refusal: 'webhook_not_https' });
}

/**
 * Reads a create answer so that the secret, shown only this once, survives
 * whatever sits beside it: `data.secret`, or a top-level `secret`.
 */
function readCreated(body: unknown): CreatedWebhook {
  const data = dataOf(body);
  // Every field is optional or expected, so any object parses.
  const created = CreatedWebhook.parse(isRecord(data) ? data : {});
  const topLevel = CreatedWebhook.parse(isRecord(body) ? body : {});
  return { ...created, secret: created.secret ?? topLevel.secret, message: created.message ?? topLevel.message };
}

/** The webhook subscription endpoints (spec: Endpoints › Webhooks). */
export function webhookEndpoints(send: SendRequest) {
  const target = 'webhook' as const;
  return {
    /** Lists the webhook subscriptions (GET /v1/webhooks). */
    async listWebhooks(): Promise<ParsedItems<WebhookSubscription>> {
      const { body } = await send(['webhooks']);
      return readList(WebhookSubscription, body, 'webhooks');
    },

    /** Creates a subscription; its `secret` is shown this once (POST /v1/webhooks). The URL must be https. */
    async createWebhook(webhook: NewWebhook): Promise<CreatedWebhook> {
      checkWebhookUrl(webhook.url);
      const { body } = await send(['webhooks'], { method: 'POST', json: webhook, target, anyBody: true });
      return readCreated(body);
    },

    /** Changes a subscription's URL (https), events, description or active flag (PATCH /v1/webhooks/{id}). */
    async updateWebhook(id: string, patch: WebhookPatch): Promise<WebhookUpdateResult> {
      if (patch.url !== undefined) checkWebhookUrl(patch.url);
      const { body } = await send(['webhooks', id], { method: 'PATCH', json: patch, target, anyBody: true });
      const parsed = WebhookSubscription.safeParse(dataOf(body));
      return { ...readMessage(body), ...(parsed.success ? { subscription: parsed.data } : {}) };
    },

    /** Deletes a subscription (DELETE /v1/webhooks/{id}). */
    async deleteWebhook(id: string): Promise<ActionResult> {
      const { body } = await send(['webhooks', id], { method: 'DELETE', target, anyBody: true });
      return readMessage(body);
    },

    /** Sends a `webhook.test` event to the subscription URL (POST /v1/webhooks/{id}/test). */
    async testWebhook(id: string): Promise<ActionResult> {
      const { body } = await send(['webhooks', id, 'test'], { method: 'POST', target, anyBody: true });
      return readMessage(body);
    },

    /** Issues a new signing secret, invalidating the old one at once (POST /v1/webhooks/{id}/rotate-secret). */
    async rotateWebhookSecret(id: string): Promise<RotatedSecret> {
      const { body } = await send(['webhooks', id, 'rotate-secret'], { method: 'POST', target });
      const data = dataOf(body);
      // Spec: `{data: {secret, message}, message}`; a top-level secret is accepted too.
      const parsed = RotatedSecret.safeParse(isRecord(data) && 'secret' in data ? data : body);
      if (!parsed.success) throw unexpectedResponse('secret');
      return parsed.data;
    },
  };
}
