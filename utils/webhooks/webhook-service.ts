import type { IncidentApi } from '../api/client';
import type { CreatedWebhook, NewWebhook, WebhookPatch, WebhookSubscription } from '../api/schemas/webhook';
import { toProblem, type Problem } from '../problems/kinds';
import { checkChanges, checkDraft, countSubscriptions, WEBHOOK_LIMIT_PER_CLIENT, type WebhookChanges, type WebhookDraft, type WebhookField, type WebhookInputReason } from './webhook-input';

/** What went wrong: a problem of any feature, or one of the webhook forms' own. */
export type WebhookProblem =
  | Problem
  /** Refused before sending: the form's value is not acceptable. */
  | { kind: 'webhook_input'; reason: WebhookInputReason }
  /** Refused before sending: the client already has the spec's maximum of subscriptions. */
  | { kind: 'webhook_limit'; limit: number; count: number }
  /** Activation answered 2xx, but the subscription it sent back is still inactive. */
  | { kind: 'webhook_still_inactive' };

/** A failure as a value, with the control it belongs to when one does. */
export type WebhookFailure = { ok: false; problem: WebhookProblem; field: WebhookField | null };

/** A subscription as the pages see it: never a secret. */
export type WebhookView = Omit<WebhookSubscription, 'secret' | 'message'>;
type CreatedView = Omit<CreatedWebhook, 'secret' | 'message'>;

export type WebhookListAnswer = { ok: true; subscriptions: WebhookView[]; skipped: number } | WebhookFailure;
/** `secret` null: the service created it but sent no secret (then rotate to get one). */
export type WebhookCreateAnswer = { ok: true; subscription: CreatedView; secret: string | null; message: string | null } | WebhookFailure;
export type WebhookUpdateAnswer = { ok: true; subscription: WebhookView | null; message: string | null } | WebhookFailure;
export type WebhookDoneAnswer = { ok: true; message: string | null } | WebhookFailure;
export type WebhookSecretAnswer = { ok: true; secret: string; message: string | null } | WebhookFailure;

/** The calls the service needs; the connected client satisfies them. */
export type WebhookApi = Pick<IncidentApi, 'listWebhooks' | 'createWebhook' | 'updateWebhook' | 'deleteWebhook' | 'testWebhook' | 'rotateWebhookSecret'>;

function withoutSecret<T extends { secret?: string | undefined; message?: string | undefined }>(record: T): Omit<T, 'secret' | 'message'> {
  const { secret: _secret, message: _message, ...rest } = record;
  return rest;
}

/** The control a refusal of the service belongs to, by its facts or by the field its words name. */
export function fieldOfProblem(problem: WebhookProblem): WebhookField | null {
  if (problem.kind === 'webhook_limit') return 'clientId';
  if (problem.kind === 'unauthorized' && problem.clientScoped) return 'clientId';
  if (problem.kind === 'invalid_request' && problem.refusal === 'webhook_not_https') return 'url';
  if (problem.kind !== 'invalid_request' || !problem.serverMessage) return null;
  const named = /\b(url|events?|description|active|clientId)\b/i.exec(problem.serverMessage)?.[1]?.toLowerCase();
  if (named === 'event') return 'events';
  if (named === 'clientid') return 'clientId';
  return (named as WebhookField | undefined) ?? null;
}

function failure(problem: WebhookProblem, field: WebhookField | null = fieldOfProblem(problem)): WebhookFailure {
  return { ok: false, problem, field };
}

async function attempt<T>(call: () => Promise<T>): Promise<T | WebhookFailure> {
  try {
    return await call();
  } catch (error) {
    return failure(toProblem(error));
  }
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The client's subscriptions, counted afresh; undefined when the list cannot
 * be read (it failed, or came in another envelope): the create is then sent
 * anyway, and the service enforces its own limit.
 */
async function readCount(api: WebhookApi, clientId: string | undefined): Promise<number | undefined> {
  try {
    return countSubscriptions((await api.listWebhooks()).items, clientId);
  } catch {
    return undefined;
  }
}

/**
 * Creates a subscription once the client's count, read afresh, is under the
 * spec's limit: a sixth is refused before the create is sent (a count that
 * cannot be read refuses nothing). The secret of
 * the answer is handed to the page once and kept nowhere.
 */
async function createSubscription(api: WebhookApi, draft: WebhookDraft): Promise<WebhookCreateAnswer> {
  const checked = checkDraft(draft ?? {});
  // checkDraft proved url and events are there and well-formed.
  if (!checked.ok) return failure({ kind: 'webhook_input', reason: checked.reason }, checked.field);
  const clientId = text(draft.clientId) || undefined;
  const description = text(draft.description)?.trim();
  return attempt(async (): Promise<WebhookCreateAnswer> => {
    const count = await readCount(api, clientId);
    if (count !== undefined && count >= WEBHOOK_LIMIT_PER_CLIENT) return failure({ kind: 'webhook_limit', limit: WEBHOOK_LIMIT_PER_CLIENT, count });
    const body: NewWebhook = { url: draft.url.trim(), events: [...draft.events], ...(description ? { description } : {}), ...(clientId ? { clientId } : {}) };
    const created = await api.createWebhook(body);
    return { ok: true as const, subscription: withoutSecret(created), secret: created.secret ?? null, message: created.message ?? null };
  });
}

async function updateSubscription(api: WebhookApi, id: string, given: WebhookChanges): Promise<WebhookUpdateAnswer> {
  const changes = given ?? {};
  const checked = checkChanges(changes);
  if (!checked.ok) return failure({ kind: 'webhook_input', reason: checked.reason }, checked.field);
  const patch: WebhookPatch = {
    ...(changes.url !== undefined ? { url: changes.url.trim() } : {}),
    ...(changes.events !== undefined ? { events: [...changes.events] } : {}),
    ...(changes.active !== undefined ? { active: changes.active } : {}),
    ...(text(changes.description) !== undefined ? { description: changes.description!.trim() } : {}),
  };
  return attempt(async () => {
    // One PATCH with every change: the subscription is changed whole or not at all.
    const { subscription, message } = await api.updateWebhook(id, patch);
    return { ok: true as const, subscription: subscription ? withoutSecret(subscription) : null, message: message ?? null };
  });
}

/**
 * Switches a subscription on again: one PATCH with `active: true` alone (spec:
 * the update operation switches `active` both ways). The spec does not show
 * the update's answer; a subscription sent back still inactive is a failure,
 * never a success, and an answer without one is checked by the next list.
 */
async function activateSubscription(api: WebhookApi, id: string): Promise<WebhookUpdateAnswer> {
  return attempt(async (): Promise<WebhookUpdateAnswer> => {
    const { subscription, message } = await api.updateWebhook(id, { active: true });
    if (subscription?.active === false) return failure({ kind: 'webhook_still_inactive' }, null);
    return { ok: true, subscription: subscription ? withoutSecret(subscription) : null, message: message ?? null };
  });
}

/** Webhook subscriptions managed from the options page, answered by the background, which alone holds the key. */
export function createWebhookService(api: WebhookApi) {
  return {
    /** Every subscription of the key's clients (GET /v1/webhooks); secrets are never listed. */
    list: (): Promise<WebhookListAnswer> =>
      attempt(async () => {
        const { items, skipped } = await api.listWebhooks();
        return { ok: true as const, subscriptions: items.map(withoutSecret), skipped };
      }),
    /** Creates a subscription, refusing a sixth for the client before sending (POST /v1/webhooks). */
    create: (draft: WebhookDraft): Promise<WebhookCreateAnswer> => createSubscription(api, draft),
    /** Changes URL, events, active flag or description in one request (PATCH /v1/webhooks/{id}). */
    update: (id: string, changes: WebhookChanges): Promise<WebhookUpdateAnswer> => updateSubscription(api, id, changes),
    /** Switches an inactive subscription on (PATCH /v1/webhooks/{id}, `active: true`); an answer showing it still off is a failure. */
    activate: (id: string): Promise<WebhookUpdateAnswer> => activateSubscription(api, id),
    /** Deletes a subscription (DELETE /v1/webhooks/{id}). */
    remove: (id: string): Promise<WebhookDoneAnswer> => attempt(async () => ({ ok: true as const, message: (await api.deleteWebhook(id)).message ?? null })),
    /** Has the service send a `webhook.test` event to the subscription's URL (POST /v1/webhooks/{id}/test). */
    test: (id: string): Promise<WebhookDoneAnswer> => attempt(async () => ({ ok: true as const, message: (await api.testWebhook(id)).message ?? null })),
    /** Issues a new secret, shown once; the old one stops verifying at once (POST /v1/webhooks/{id}/rotate-secret). */
    rotateSecret: (id: string): Promise<WebhookSecretAnswer> =>
      attempt(async () => {
        const { secret, message } = await api.rotateWebhookSecret(id);
        return { ok: true as const, secret, message: message ?? null };
      }),
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
