import * as z from 'zod/mini';

/** Known event types; the set is kept open. */
export const WEBHOOK_EVENT_TYPES = [
  'incident.created',
  'incident.status_changed',
  'incident.history_created',
  'incident.takedown_updated',
  'incident.action_required',
  'webhook.test',
] as const;

/** The one `lastDeliveryStatus` value the spec shows (after the fifth failed attempt). */
export const WEBHOOK_DELIVERY_FAILED = 'failed';

/** Webhook subscription. */
export const WebhookSubscription = z.object({
  id: z.string(),
  clientId: z.string(),
  /** HTTPS delivery URL. */
  url: z.string(),
  /** Signing secret: returned only on creation and rotation. */
  secret: z.optional(z.string()),
  events: z.array(z.string()),
  active: z.boolean(),
  description: z.optional(z.string()),
  createdAt: z.string(),
  /** On creation: the secret will not be shown again. */
  message: z.optional(z.string()),
  /** Open; `failed` after the fifth failed attempt. */
  lastDeliveryStatus: z.nullish(z.string()),
});
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;

/** Body of POST /v1/webhooks. */
export const NewWebhook = z.object({
  url: z.string(),
  events: z.array(z.string()),
  description: z.optional(z.string()),
});
export type NewWebhook = z.infer<typeof NewWebhook>;

/** Body of PATCH /v1/webhooks/{id}; all optional. */
export const WebhookPatch = z.object({
  url: z.optional(z.string()),
  events: z.optional(z.array(z.string())),
  active: z.optional(z.boolean()),
  description: z.optional(z.string()),
});
export type WebhookPatch = z.infer<typeof WebhookPatch>;

/** The history entry on history events; other inner fields are not shown. */
export const WebhookHistoryEntry = z.looseObject({
  message: z.optional(z.string()),
  type: z.optional(z.string()),
});
export type WebhookHistoryEntry = z.infer<typeof WebhookHistoryEntry>;

/** Event `data`: only `incidentId` is reliably present. */
export const WebhookEventData = z.object({
  /** The correlation key. */
  incidentId: z.string(),
  clientId: z.optional(z.string()),
  safeDomain: z.optional(z.string()),
  url: z.optional(z.string()),
  subject: z.optional(z.string()),
  incidentType: z.optional(z.string()),
  domain: z.optional(z.string()),
  source: z.optional(z.string()),
  status: z.optional(z.string()),
  /** May be `n/a`. */
  incidentClass: z.optional(z.string()),
  reportedBy: z.optional(z.string()),
  /** True, or a reason string. */
  waitForClient: z.optional(z.union([z.boolean(), z.string()])),
  timestamp: z.optional(z.string()),
  lastHistoryUpdateTimestamp: z.optional(z.string()),
  burnStartedTimestamp: z.optional(z.string()),
  takedownTimestamp: z.optional(z.string()),
  historyEntry: z.optional(WebhookHistoryEntry),
});
export type WebhookEventData = z.infer<typeof WebhookEventData>;

/** The signed event envelope; its four fields are stable. */
export const WebhookEvent = z.object({
  id: z.string(),
  event: z.string(),
  timestamp: z.string(),
  data: WebhookEventData,
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** Rotate answer's data: `{secret, message}`. */
export const RotatedSecret = z.object({
  secret: z.string(),
  message: z.optional(z.string()),
});
export type RotatedSecret = z.infer<typeof RotatedSecret>;
