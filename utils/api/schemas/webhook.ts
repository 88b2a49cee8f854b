import * as z from 'zod/mini';
import { lenientArray, lenientObject } from './lenient';

export { WEBHOOK_DELIVERY_FAILED, WEBHOOK_EVENT_TYPES } from './webhook-vocabulary';

const subscriptionFields = {
  expected: {
    clientId: z.string(),
    /** HTTPS delivery URL. */
    url: z.string(),
    events: lenientArray(z.string()),
    active: z.boolean(),
    createdAt: z.string(),
  },
  optional: {
    /** Signing secret: returned only on creation and rotation. */
    secret: z.string(),
    description: z.string(),
    /** On creation: the secret will not be shown again. */
    message: z.string(),
    /** Open; `failed` after the fifth failed attempt. */
    lastDeliveryStatus: z.nullable(z.string()),
  },
};

/** Webhook subscription. */
export const WebhookSubscription = lenientObject({ required: { id: z.string() }, ...subscriptionFields });
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;

/**
 * The answer to a create: read with no required field at all, because its
 * secret is shown only this once and must survive anything odd beside it.
 */
export const CreatedWebhook = lenientObject({
  required: {},
  expected: { ...subscriptionFields.expected, id: z.string() },
  optional: subscriptionFields.optional,
});
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

/** Body of POST /v1/webhooks. */
export interface NewWebhook {
  /** Must be https. */
  url: string;
  events: string[];
  description?: string;
  /** The client it is for, when the key manages several; without it the service picks (General rules, Authentication 3). */
  clientId?: string;
}

/** Body of PATCH /v1/webhooks/{id}; all optional. */
export interface WebhookPatch {
  url?: string;
  events?: string[];
  active?: boolean;
  description?: string;
}

/** The history entry on history events; other inner fields are not shown. */
export const WebhookHistoryEntry = lenientObject({
  required: {},
  optional: { message: z.string(), type: z.string() },
});
export type WebhookHistoryEntry = z.infer<typeof WebhookHistoryEntry>;

/** Event `data`: only `incidentId` is reliably present. */
export const WebhookEventData = lenientObject({
  /** The correlation key. */
  required: { incidentId: z.string() },
  optional: {
    clientId: z.string(),
    safeDomain: z.string(),
    url: z.string(),
    subject: z.string(),
    incidentType: z.string(),
    domain: z.string(),
    source: z.string(),
    status: z.string(),
    /** May be `n/a`. */
    incidentClass: z.string(),
    reportedBy: z.string(),
    /** True, or a reason string. */
    waitForClient: z.union([z.boolean(), z.string()]),
    timestamp: z.string(),
    lastHistoryUpdateTimestamp: z.string(),
    burnStartedTimestamp: z.string(),
    takedownTimestamp: z.string(),
    historyEntry: WebhookHistoryEntry,
  },
});
export type WebhookEventData = z.infer<typeof WebhookEventData>;

/** The signed event envelope; its four fields are stable. */
export const WebhookEvent = lenientObject({
  required: { id: z.string(), event: z.string(), timestamp: z.string(), data: WebhookEventData },
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** Rotate answer's data: `{secret, message}`. */
export const RotatedSecret = lenientObject({
  required: { secret: z.string() },
  optional: { message: z.string() },
});
export type RotatedSecret = z.infer<typeof RotatedSecret>;
