import { z } from 'zod';

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
  secret: z.string().optional(),
  events: z.array(z.string()),
  active: z.boolean(),
  description: z.string().optional(),
  createdAt: z.string(),
  /** On creation: the secret will not be shown again. */
  message: z.string().optional(),
  /** Open; `failed` after the fifth failed attempt. */
  lastDeliveryStatus: z.string().nullish(),
});
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;

/** Body of POST /v1/webhooks. */
export const NewWebhook = z.object({
  url: z.string(),
  events: z.array(z.string()),
  description: z.string().optional(),
});
export type NewWebhook = z.infer<typeof NewWebhook>;

/** Body of PATCH /v1/webhooks/{id}; all optional. */
export const WebhookPatch = z.object({
  url: z.string().optional(),
  events: z.array(z.string()).optional(),
  active: z.boolean().optional(),
  description: z.string().optional(),
});
export type WebhookPatch = z.infer<typeof WebhookPatch>;

/** The history entry on history events; other inner fields are not shown. */
export const WebhookHistoryEntry = z.looseObject({
  message: z.string().optional(),
  type: z.string().optional(),
});
export type WebhookHistoryEntry = z.infer<typeof WebhookHistoryEntry>;

/** Event `data`: only `incidentId` is reliably present. */
export const WebhookEventData = z.object({
  /** The correlation key. */
  incidentId: z.string(),
  clientId: z.string().optional(),
  safeDomain: z.string().optional(),
  url: z.string().optional(),
  subject: z.string().optional(),
  incidentType: z.string().optional(),
  domain: z.string().optional(),
  source: z.string().optional(),
  status: z.string().optional(),
  /** May be `n/a`. */
  incidentClass: z.string().optional(),
  reportedBy: z.string().optional(),
  /** True, or a reason string. */
  waitForClient: z.union([z.boolean(), z.string()]).optional(),
  timestamp: z.string().optional(),
  lastHistoryUpdateTimestamp: z.string().optional(),
  burnStartedTimestamp: z.string().optional(),
  takedownTimestamp: z.string().optional(),
  historyEntry: WebhookHistoryEntry.optional(),
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
  message: z.string().optional(),
});
export type RotatedSecret = z.infer<typeof RotatedSecret>;
