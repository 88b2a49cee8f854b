import type { WebhookSubscription } from '../api/schemas/webhook';
import { isLoopbackHost } from '../api/loopback';

// What an administrator types into the webhook forms, checked where it is
// typed and again in the background before anything is sent.

/** Spec, Limits: "Webhook subscriptions per client — 5". */
export const WEBHOOK_LIMIT_PER_CLIENT = 5;

/** Why a typed value was refused before sending. */
export type WebhookInputReason = 'url_empty' | 'url_invalid' | 'url_not_https' | 'events_empty' | 'active_not_boolean';

/** The form control a problem belongs to. */
export type WebhookField = 'url' | 'events' | 'description' | 'active' | 'clientId';

/** What the page asks to create. */
export interface WebhookDraft {
  url: string;
  events: string[];
  description?: string;
  /** Named when the key manages several clients. */
  clientId?: string;
}

/** What the page asks to change; only the fields that changed. */
export interface WebhookChanges {
  url?: string;
  events?: string[];
  active?: boolean;
  description?: string;
}

export type WebhookInputCheck = { ok: true } | { ok: false; reason: WebhookInputReason; field: WebhookField };

/**
 * A delivery URL as the spec wants it: https. Plain http passes for loopback
 * only, like the service URL (connection/base-url.ts), so the local sandbox
 * can deliver to a receiver on this machine.
 */
export function checkDeliveryUrl(input: unknown): WebhookInputReason | null {
  if (typeof input !== 'string' || input.trim() === '') return 'url_empty';
  if (!URL.canParse(input.trim())) return 'url_invalid';
  const url = new URL(input.trim());
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return null;
  return 'url_not_https';
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function refuse(reason: WebhookInputReason, field: WebhookField): WebhookInputCheck {
  return { ok: false, reason, field };
}

/** A new subscription: an https URL and at least one event. */
export function checkDraft(draft: Partial<WebhookDraft>): WebhookInputCheck {
  const urlReason = checkDeliveryUrl(draft.url);
  if (urlReason) return refuse(urlReason, 'url');
  if (!isStringList(draft.events) || draft.events.length === 0) return refuse('events_empty', 'events');
  return { ok: true };
}

/** Changes to a subscription: each field that is given must be valid. */
export function checkChanges(changes: Partial<WebhookChanges>): WebhookInputCheck {
  if (changes.url !== undefined) {
    const urlReason = checkDeliveryUrl(changes.url);
    if (urlReason) return refuse(urlReason, 'url');
  }
  if (changes.events !== undefined && (!isStringList(changes.events) || changes.events.length === 0)) return refuse('events_empty', 'events');
  if (changes.active !== undefined && typeof changes.active !== 'boolean') return refuse('active_not_boolean', 'active');
  return { ok: true };
}

/**
 * How many subscriptions a client has in a list. Without a clientId the key
 * has one client (the page names one whenever it has several), so every
 * subscription listed counts.
 */
export function countSubscriptions(subscriptions: readonly Pick<WebhookSubscription, 'clientId'>[], clientId: string | undefined): number {
  return clientId === undefined ? subscriptions.length : subscriptions.filter((subscription) => subscription.clientId === clientId).length;
}
