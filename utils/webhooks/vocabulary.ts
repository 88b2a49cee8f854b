import type { WEBHOOK_DELIVERY_FAILED as SCHEMA_FAILED, WEBHOOK_EVENT_TYPES as SCHEMA_EVENTS } from '../api/schemas/webhook';

// The webhook word lists for the pages, without the schemas: a value imported
// from a schema file brings zod into the page bundle (as utils/account/vocabulary.ts
// explains). `satisfies` keeps them equal to the schema's, in order.

/** Event types the spec names (Events › Event types); the set is open. */
export const WEBHOOK_EVENT_TYPES = [
  'incident.created',
  'incident.status_changed',
  'incident.history_created',
  'incident.takedown_updated',
  'incident.action_required',
  'webhook.test',
] as const satisfies typeof SCHEMA_EVENTS;

/** The one `lastDeliveryStatus` value the spec shows: set after the fifth failed attempt. */
export const WEBHOOK_DELIVERY_FAILED = 'failed' satisfies typeof SCHEMA_FAILED;
