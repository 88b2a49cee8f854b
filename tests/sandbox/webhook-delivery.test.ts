import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from './test-receiver.ts';
import { useSandbox, waitFor } from './test-helpers.ts';

// 1 h × 0.0001 = 360 ms: five attempts finish well inside a test.
const h = useSandbox({ webhookTimeScale: 0.0001 });
let receiver: Receiver | undefined;

afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

/** Verifies a delivery exactly as the spec tells a receiver to, before parsing JSON. */
function verify(secret: string, headers: Record<string, unknown>, rawBody: string): boolean {
  const timestamp = String(headers['x-service-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`);
  const given = Buffer.from(String(headers['x-service-signature']));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

async function subscribe(url: string, events: string[]) {
  const res = await h.api('/v1/webhooks', { method: 'POST', json: { url, events } });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; secret: string };
}

async function subscription(id: string) {
  return (await h.api('/v1/webhooks')).body.data.find((w: { id: string }) => w.id === id);
}

describe('webhook deliveries', () => {
  it('signs a delivery the receiver can verify independently', async () => {
    receiver = await startReceiver();
    const sub = await subscribe(receiver.url, ['incident.created']);
    const report = await h.api('/v1/incident/tkd', { method: 'POST', json: { url: 'https://signed-delivery.test/', reportedBy: 'alice@acme.example' } });
    const got = await waitFor(() => receiver?.received[0]);
    expect(verify(sub.secret, got.headers, got.rawBody)).toBe(true);
    expect(verify('whsec_wrong', got.headers, got.rawBody)).toBe(false);
    expect(got.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(got.headers['x-service-event']).toBe('incident.created');
    expect(got.headers['x-service-delivery-id']).toEqual(expect.any(String));
    const envelope = JSON.parse(got.rawBody);
    expect(Object.keys(envelope).sort()).toEqual(['data', 'event', 'id', 'timestamp']);
    expect(envelope.data).toMatchObject({
      incidentId: report.body.id,
      clientId: 'cl_acme',
      status: 'pending_review',
      source: 'CLIENT_REPORTED',
      url: 'https://signed-delivery.test/',
      reportedBy: 'alice@acme.example',
    });
    // The receiver has the delivery before the sandbox has its answer: the status is recorded after.
    const status = await waitFor(async () => {
      const s = await subscription(sub.id);
      return s.lastDeliveryStatus ?? undefined;
    });
    expect(status).toBe('success');
  });

  it('retries after a failing answer with a new delivery id and the same event', async () => {
    receiver = await startReceiver((n) => (n === 1 ? 500 : 200));
    await subscribe(receiver.url, ['incident.created']);
    await h.api('/v1/incident/tkd', { method: 'POST', json: { url: 'https://retry-once.test/' } });
    await waitFor(() => (receiver && receiver.received.length >= 2 ? true : undefined));
    const [first, second] = receiver.received;
    expect(first?.headers['x-service-delivery-id']).not.toBe(second?.headers['x-service-delivery-id']);
    expect(JSON.parse(first?.rawBody ?? '').id).toBe(JSON.parse(second?.rawBody ?? '').id);
    const log = (await h.control('GET', 'deliveries')).body.data;
    expect(log.map((d: { attempt: number; status: number }) => [d.attempt, d.status])).toEqual([
      [1, 500],
      [2, 200],
    ]);
  });

  it('gives up after five failures, marks the subscription failed and keeps it active', async () => {
    receiver = await startReceiver(() => 503);
    const sub = await subscribe(receiver.url, ['incident.created']);
    await h.api('/v1/incident/tkd', { method: 'POST', json: { url: 'https://always-down.test/' } });
    const failed = await waitFor(async () => {
      const s = await subscription(sub.id);
      return s.lastDeliveryStatus === 'failed' ? s : undefined;
    });
    expect(failed.active).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received).toHaveLength(5);
    const log = (await h.control('GET', 'deliveries')).body.data;
    expect(log.map((d: { attempt: number }) => d.attempt)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(log.map((d: { deliveryId: string }) => d.deliveryId)).size).toBe(5);
  });

  it('times out a hanging receiver and retries', async () => {
    receiver = await startReceiver((n) => (n === 1 ? 'hang' : 204));
    await subscribe(receiver.url, ['incident.created']);
    await h.api('/v1/incident/tkd', { method: 'POST', json: { url: 'https://slow-receiver.test/' } });
    const log = await waitFor(async () => {
      const entries = (await h.control('GET', 'deliveries')).body.data;
      return entries.length >= 2 ? entries : undefined;
    });
    expect(log[0]).toMatchObject({ attempt: 1, status: null, error: expect.stringContaining('Timed out') });
    expect(log[1]).toMatchObject({ attempt: 2, status: 204, error: null });
  });

  it('sends webhook.test and returns its delivery id', async () => {
    receiver = await startReceiver();
    const sub = await subscribe(receiver.url, ['incident.created']);
    const res = await h.api(`/v1/webhooks/${sub.id}/test`, { method: 'POST' });
    expect(res.body.data).toEqual({ deliveryId: expect.any(String), eventId: expect.any(String) });
    const got = await waitFor(() => receiver?.received[0]);
    expect(got.headers['x-service-event']).toBe('webhook.test');
    expect(got.headers['x-service-delivery-id']).toBe(res.body.data.deliveryId);
    expect(JSON.parse(got.rawBody).id).toBe(res.body.data.eventId);
  });

  it('signs with the rotated secret at once', async () => {
    receiver = await startReceiver();
    const sub = await subscribe(receiver.url, ['webhook.test']);
    const rotated = (await h.api(`/v1/webhooks/${sub.id}/rotate-secret`, { method: 'POST' })).body.data.secret as string;
    await h.api(`/v1/webhooks/${sub.id}/test`, { method: 'POST' });
    const got = await waitFor(() => receiver?.received[0]);
    expect(verify(rotated, got.headers, got.rawBody)).toBe(true);
    expect(verify(sub.secret, got.headers, got.rawBody)).toBe(false);
  });

  it('emits status, history, takedown and action-required events from operations', async () => {
    receiver = await startReceiver();
    await subscribe(receiver.url, ['incident.status_changed', 'incident.history_created', 'incident.takedown_updated', 'incident.action_required']);
    const waiting = (await h.api('/v1/incidents?status=approval_required&clientId=cl_acme')).body.data[0].id as string;
    await h.api(`/v1/incident/${encodeURIComponent(waiting)}/approve-takedown`, { method: 'POST' });
    await h.control('POST', `incidents/${encodeURIComponent(waiting)}/action-required`, { reason: 'Send the LOA again.' });
    const events = await waitFor(() => (receiver && receiver.received.length >= 7 ? receiver.received.map((r) => JSON.parse(r.rawBody)) : undefined));
    expect(events.map((e) => e.event).sort()).toEqual([
      'incident.action_required',
      'incident.history_created',
      'incident.history_created',
      'incident.history_created',
      'incident.status_changed',
      'incident.status_changed',
      'incident.takedown_updated',
    ]);
    expect(events.every((e) => e.data.incidentId === waiting)).toBe(true);
    expect(events.find((e) => e.event === 'incident.action_required').data.waitForClient).toBe('Send the LOA again.');
    const history = events.filter((e) => e.event === 'incident.history_created').map((e) => e.data.historyEntry);
    expect(history).toContainEqual({ message: 'Takedown approved.', type: 'client_message' });
  });

  it('does not deliver to inactive subscriptions', async () => {
    receiver = await startReceiver();
    const sub = await subscribe(receiver.url, ['incident.created']);
    await h.api(`/v1/webhooks/${sub.id}`, { method: 'PATCH', json: { active: false } });
    await h.api('/v1/incident/tkd', { method: 'POST', json: { url: 'https://quiet.test/' } });
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received).toHaveLength(0);
  });

  it('delivers again once the update operation switches the subscription back on', async () => {
    const listening = await startReceiver();
    receiver = listening;
    const sub = await subscribe(listening.url, ['incident.created']);
    await h.api(`/v1/webhooks/${sub.id}`, { method: 'PATCH', json: { active: false } });
    const activated = await h.api(`/v1/webhooks/${sub.id}`, { method: 'PATCH', json: { active: true } });
    expect(activated).toMatchObject({ status: 200, body: { data: { id: sub.id, active: true, events: ['incident.created'] } } });
    await h.api('/v1/incident/tkd', { method: 'POST', json: { url: 'https://loud-again.test/' } });
    await expect.poll(() => listening.received.map((delivery) => JSON.parse(delivery.rawBody).event)).toEqual(['incident.created']);
  });
});
