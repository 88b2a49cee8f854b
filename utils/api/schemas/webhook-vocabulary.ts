// Known webhook values, with no zod: pages import them without bringing the
// schemas into their bundles. The schema re-exports them.

/** Known event types (spec: Events › Event types); the set is kept open. */
export const WEBHOOK_EVENT_TYPES = ['incident.created', 'incident.status_changed', 'incident.history_created', 'incident.takedown_updated', 'incident.action_required', 'webhook.test'] as const;

/** The one `lastDeliveryStatus` value the spec shows (after the fifth failed attempt). */
export const WEBHOOK_DELIVERY_FAILED = 'failed';
