import { createHmac, randomUUID } from 'node:crypto';
import http, { type ClientRequest } from 'node:http';
import https from 'node:https';
import type { SandboxState } from './state.ts';
import type { TimerSet } from './timers.ts';
import type { WebhookRecord } from './types.ts';
import { nowIso } from './clock.ts';
import { randomId } from './ids.ts';

/** Spec, Events › Retry: delays before attempts 1 to 5. */
const RETRY_DELAYS_MS = [0, 30_000, 120_000, 600_000, 3_600_000];
/** Spec: 5 seconds per attempt. */
const DELIVERY_TIMEOUT_MS = 5_000;
/** A scaled timeout never drops below this, so tiny time scales do not time out healthy local receivers. */
const MIN_TIMEOUT_MS = 200;

/** One HTTP attempt, as GET /__sandbox/deliveries lists it. */
export interface DeliveryAttempt {
  deliveryId: string;
  eventId: string;
  event: string;
  subscriptionId: string;
  url: string;
  attempt: number;
  status: number | null;
  error: string | null;
  timestamp: string;
  signature: string;
  body: string;
  at: string;
}

interface Envelope {
  id: string;
  event: string;
  timestamp: string;
  data: Record<string, unknown>;
}
type Outcome = { status: number } | { error: string };

/** Signs `${timestamp}.${rawBody}` with HMAC-SHA256, as the spec's Signature section says. */
export function signPayload(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** Delivers signed events with the spec's retry schedule; every timer is owned by `timers`. */
export class WebhookDelivery {
  readonly log: DeliveryAttempt[] = [];
  private readonly inFlight = new Set<ClientRequest>();
  private readonly pending = new Set<NodeJS.Timeout>();
  private readonly getState: () => SandboxState;
  private readonly timers: TimerSet;
  private readonly timeScale: number;
  private readonly quiet: boolean;
  /** Bumped by cancelAll(), so attempts cut short by it leave no trace and no retry. */
  private generation = 0;

  constructor(options: { getState: () => SandboxState; timers: TimerSet; timeScale: number; quiet: boolean }) {
    this.getState = options.getState;
    this.timers = options.timers;
    this.timeScale = options.timeScale;
    this.quiet = options.quiet;
  }

  /** Queues an event for every active subscription of the client that lists it. */
  dispatch(clientId: string, event: string, data: Record<string, unknown>): void {
    for (const sub of this.getState().webhooks) {
      if (sub.clientId === clientId && sub.active && sub.events.includes(event)) this.enqueue(sub.id, this.envelope(event, data));
    }
  }

  /** Queues a webhook.test event for one subscription; returns the first attempt's ids. */
  sendTest(sub: WebhookRecord): { eventId: string; deliveryId: string } {
    const envelope = this.envelope('webhook.test', { subscriptionId: sub.id, clientId: sub.clientId, message: 'Test delivery from the sandbox.' });
    const deliveryId = this.enqueue(sub.id, envelope);
    return { eventId: envelope.id, deliveryId };
  }

  /** Drops queued retries and aborts attempts in flight (reset and close). */
  cancelAll(): void {
    this.generation += 1;
    for (const handle of this.pending) this.timers.cancel(handle);
    this.pending.clear();
    for (const req of this.inFlight) req.destroy();
    this.inFlight.clear();
  }

  private envelope(event: string, data: Record<string, unknown>): Envelope {
    return { id: randomId('prefixed', 'evt'), event, timestamp: nowIso(), data };
  }

  private enqueue(subId: string, envelope: Envelope, attempt = 1): string {
    const deliveryId = randomUUID();
    const handle = this.timers.schedule(
      () => {
        this.pending.delete(handle);
        void this.attempt(subId, envelope, attempt, deliveryId);
      },
      (RETRY_DELAYS_MS[attempt - 1] ?? 0) * this.timeScale,
    );
    this.pending.add(handle);
    return deliveryId;
  }

  private async attempt(subId: string, envelope: Envelope, attempt: number, deliveryId: string): Promise<void> {
    const sub = this.getState().webhooks.find((w) => w.id === subId);
    if (!sub) return; // deleted (or reset away) since the event was queued
    const body = JSON.stringify(envelope);
    const timestamp = String(Math.floor(Date.now() / 1000));
    // Signed with the secret current at send time: rotation takes effect at once.
    const signature = signPayload(sub.secret, timestamp, body);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'incident-sandbox-webhooks/1',
      'x-service-signature': signature,
      'x-service-event': envelope.event,
      'x-service-delivery-id': deliveryId,
      'x-service-timestamp': timestamp,
    };
    const generation = this.generation;
    const outcome = await this.post(sub.url, headers, body);
    if (generation !== this.generation) return;
    const status = 'status' in outcome ? outcome.status : null;
    const error = 'error' in outcome ? outcome.error : status !== null && (status < 200 || status > 299) ? `HTTP ${status}` : null;
    this.log.push({ deliveryId, eventId: envelope.id, event: envelope.event, subscriptionId: sub.id, url: sub.url, attempt, status, error, timestamp, signature, body, at: nowIso() });
    if (!this.quiet) console.log(`[sandbox] webhook ${envelope.event} → ${sub.url} attempt ${attempt}: ${status ?? error}`);
    if (error === null) {
      sub.lastDeliveryStatus = 'success';
    } else if (attempt < RETRY_DELAYS_MS.length) {
      this.enqueue(sub.id, envelope, attempt + 1);
    } else {
      sub.lastDeliveryStatus = 'failed';
    }
  }

  private post(url: string, headers: Record<string, string>, body: string): Promise<Outcome> {
    return new Promise((resolve) => {
      let settled = false;
      const timeoutMs = Math.max(DELIVERY_TIMEOUT_MS * this.timeScale, MIN_TIMEOUT_MS);
      const finish = (outcome: Outcome): void => {
        if (settled) return;
        settled = true;
        this.timers.cancel(timer);
        this.inFlight.delete(req);
        resolve(outcome);
      };
      let req: ClientRequest;
      try {
        const lib = url.startsWith('https:') ? https : http;
        req = lib.request(url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent: false });
      } catch (e) {
        resolve({ error: e instanceof Error ? e.message : String(e) });
        return;
      }
      const timer = this.timers.schedule(() => req.destroy(new Error(`Timed out after ${timeoutMs} ms`)), timeoutMs);
      this.inFlight.add(req);
      req.on('response', (res) => {
        res.resume();
        finish({ status: res.statusCode ?? 0 });
      });
      req.on('error', (e) => finish({ error: e.message }));
      req.on('close', () => finish({ error: 'Connection closed before a response.' }));
      req.end(body);
    });
  }
}
