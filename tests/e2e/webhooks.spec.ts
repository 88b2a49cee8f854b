import type { Page } from '@playwright/test';
import { test, expect, readExtensionStorage } from './fixtures.ts';
import { WebhooksSection } from './pages/webhooks-section.ts';
import { addFault, connect, storedWebhooks } from './reporting-helpers.ts';
import type { LoggedRequest } from '../sandbox/request-log.ts';
import { startSandbox, type Sandbox } from '../sandbox/server.ts';
import { startReceiver, type Received, type Receiver } from '../sandbox/test-receiver.ts';
import { verifyWebhookSignature, type SignatureVerdict } from '../../utils/webhooks/verify-signature.ts';

// The webhook life cycle through the options page, against the sandbox: it
// delivers signed events to a receiver on this machine, and the test checks
// each delivery with the extension's own verifier (utils/webhooks/).

async function webhookRequests(sandbox: Sandbox): Promise<LoggedRequest[]> {
  const body = (await (await fetch(`${sandbox.baseUrl}/__sandbox/requests`)).json()) as { data: LoggedRequest[] };
  return body.data.filter((request) => request.path.startsWith('/v1/webhooks'));
}

function header(delivery: Received, name: string): string {
  const value = delivery.headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/** A receiver's check of one delivery, with the extension's own function. */
function verifyDelivery(delivery: Received, secret: string): Promise<SignatureVerdict> {
  return verifyWebhookSignature({
    body: delivery.rawBody,
    timestamp: header(delivery, 'x-service-timestamp'),
    signature: header(delivery, 'x-service-signature'),
    secret,
    now: Date.now(),
  });
}

/** Everything the extension keeps in IndexedDB, as one string. */
function dumpIndexedDb(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const out: unknown[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of db.objectStoreNames) {
        const all = db.transaction(store).objectStore(store).getAll();
        out.push(await new Promise((resolve) => (all.onsuccess = () => resolve(all.result))));
      }
      db.close();
    }
    return JSON.stringify(out);
  });
}

let receiver: Receiver;
test.beforeEach(async () => {
  receiver = await startReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

test('the whole life cycle: create, a signed test delivery, verify, rotate, update, delete', async ({ context, extensionId, sandbox, serviceWorker }) => {
  await connect(context, extensionId, sandbox);
  const webhooks = new WebhooksSection(await context.newPage());
  await webhooks.open(extensionId);
  const { page } = webhooks;
  // The seed's subscription, inactive because its host cannot be reached.
  await expect(webhooks.fact('https://hooks.acme.example/takedown-events', 'State')).toHaveText('Inactive: no events are delivered');

  // Create, for a sub-client, delivering to the local receiver.
  await webhooks.create.getByLabel('Client', { exact: true }).selectOption('cl_acme_bank');
  await webhooks.create.getByLabel('Delivery URL').fill(receiver.url);
  await webhooks.create.getByLabel('Description (optional)').fill('SOC queue');
  await expect(webhooks.event(webhooks.create, 'incident.action_required')).toHaveAccessibleName('incident.action_required: client action is requested, such as more evidence');
  await webhooks.createButton.click();
  await expect(webhooks.create.getByRole('status').first()).toHaveText(`Subscription to ${receiver.url} created.`);
  await expect(webhooks.secret).toHaveAccessibleDescription(/^Store this secret now: it will not be shown again\. The extension does not keep it\./);
  const secret = await webhooks.secret.inputValue();
  const [created] = (await storedWebhooks(sandbox)).filter((stored) => stored.url === receiver.url);
  expect(created).toMatchObject({ clientId: 'cl_acme_bank', secret, active: true, description: 'SOC queue' });
  expect(created!.events).toHaveLength(6);
  // Kept nowhere: not in storage, not in IndexedDB.
  expect(JSON.stringify(await readExtensionStorage(serviceWorker))).not.toContain(secret);
  expect(await dumpIndexedDb(page)).not.toContain(secret);

  // Shown once: a reload shows the subscription, never its secret.
  await page.reload();
  await expect(webhooks.fact(receiver.url, 'Client')).toHaveText('Acme Bank (cl_acme_bank)');
  await expect(webhooks.fact(receiver.url, 'Description')).toHaveText('SOC queue');
  await expect(webhooks.fact(receiver.url, 'Last delivery')).toHaveText('No delivery reported yet.');
  await expect(webhooks.secret).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);

  // A test event from the UI reaches the receiver, signed with that secret.
  await webhooks.action(receiver.url, 'Send test event').click();
  await expect(webhooks.item(receiver.url).getByRole('status')).toContainText(`Test event sent: the service posts a webhook.test event to ${receiver.url}.`);
  await expect.poll(() => receiver.received.length).toBe(1);
  const first = receiver.received[0]!;
  expect(header(first, 'x-service-event')).toBe('webhook.test');
  expect(await verifyDelivery(first, secret)).toMatchObject({ valid: true });
  await webhooks.refresh.click();
  await expect(webhooks.fact(receiver.url, 'Last delivery')).toHaveText('success (as the service reports it)');

  // "Verify a delivery": valid as received, and why not once tampered.
  const verify = webhooks.verify;
  await verify.getByLabel('Raw request body').fill(first.rawBody);
  await verify.getByLabel('X-Service-Timestamp header').fill(`X-Service-Timestamp: ${header(first, 'x-service-timestamp')}`);
  await verify.getByLabel('X-Service-Signature header').fill(header(first, 'x-service-signature'));
  await verify.getByLabel('Secret to verify with').fill(secret);
  await verify.getByRole('button', { name: 'Verify signature' }).click();
  await expect(verify.getByRole('status')).toHaveText(/^Valid: the signature matches this secret, and the timestamp is \d+ seconds? from this computer's clock/);
  await verify.getByLabel('Raw request body').fill(first.rawBody.replace('webhook.test', 'webhook.tesT'));
  await verify.getByRole('button', { name: 'Verify signature' }).click();
  await expect(verify.getByRole('alert')).toHaveText(/^Not valid: the signature does not match\. Either the secret is another one/);
  await verify.getByLabel('X-Service-Signature header').fill('sha256=abc');
  await verify.getByRole('button', { name: 'Verify signature' }).click();
  await expect(webhooks.fieldError(verify, 'X-Service-Signature header')).toHaveText('The signature must be sha256= followed by 64 hex characters, as the X-Service-Signature header carries it.');
  await expect(verify.getByLabel('X-Service-Signature header')).toHaveAttribute('aria-invalid', 'true');

  // Rotate, after confirmation: a new secret, shown once; the old one no longer verifies a new delivery.
  page.once('dialog', (dialog) => void dialog.accept());
  await webhooks.action(receiver.url, 'Rotate secret').click();
  await expect(webhooks.item(receiver.url).getByText('The previous secret no longer verifies deliveries.').first()).toBeVisible();
  const rotated = await webhooks.secret.inputValue();
  expect(rotated).not.toBe(secret);
  expect((await storedWebhooks(sandbox)).find((stored) => stored.url === receiver.url)?.secret).toBe(rotated);
  await webhooks.item(receiver.url).getByRole('button', { name: 'I have stored it' }).click();
  await expect(webhooks.secret).toHaveCount(0);
  await webhooks.action(receiver.url, 'Send test event').click();
  await expect.poll(() => receiver.received.length).toBe(2);
  expect(await verifyDelivery(receiver.received[1]!, secret)).toMatchObject({ valid: false, reason: 'bad_signature' });
  expect(await verifyDelivery(receiver.received[1]!, rotated)).toMatchObject({ valid: true });

  // Update: deactivate and change the events, in one request.
  await webhooks.action(receiver.url, 'Edit').click();
  const edit = webhooks.item(receiver.url).getByRole('form', { name: `Edit the subscription to ${receiver.url}` });
  await edit.getByLabel('Active: deliver events').uncheck();
  await webhooks.event(edit, 'incident.history_created').uncheck();
  await webhooks.event(edit, 'incident.created').uncheck();
  await fetch(`${sandbox.baseUrl}/__sandbox/requests`, { method: 'DELETE' });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(webhooks.item(receiver.url).getByRole('status')).toHaveText('Changes saved.');
  await expect(webhooks.fact(receiver.url, 'State')).toHaveText('Inactive: no events are delivered');
  await expect(webhooks.fact(receiver.url, 'Events').getByRole('listitem')).toHaveText(['incident.status_changed', 'incident.takedown_updated', 'incident.action_required', 'webhook.test']);
  expect((await webhookRequests(sandbox)).filter((request) => request.method === 'PATCH')).toHaveLength(1);
  expect((await storedWebhooks(sandbox)).find((stored) => stored.url === receiver.url)).toMatchObject({
    active: false,
    events: ['incident.status_changed', 'incident.takedown_updated', 'incident.action_required', 'webhook.test'],
  });

  // Delete asks first: declining sends nothing; accepting deletes.
  await fetch(`${sandbox.baseUrl}/__sandbox/requests`, { method: 'DELETE' });
  page.once('dialog', (dialog) => void dialog.dismiss());
  await webhooks.action(receiver.url, 'Delete').click();
  await expect(webhooks.item(receiver.url)).toHaveCount(1);
  expect((await webhookRequests(sandbox)).filter((request) => request.method === 'DELETE')).toHaveLength(0);
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain(`Delete the subscription to ${receiver.url}?`);
    void dialog.accept();
  });
  // The list read again after the delete comes slowly: the deleted subscription has left it already.
  await addFault(sandbox, { method: 'GET', path: '/v1/webhooks', latencyMs: 3_000, times: 1 });
  await webhooks.action(receiver.url, 'Delete').click();
  await expect(webhooks.root.getByText(`The subscription to ${receiver.url} was deleted.`)).toBeVisible();
  expect(await webhooks.item(receiver.url).count()).toBe(0);
  expect((await storedWebhooks(sandbox)).map((stored) => stored.url)).toEqual(['https://hooks.acme.example/takedown-events']);
});

test('a sixth subscription for a client is refused with the reason before anything is sent', async ({ context, extensionId, sandbox }) => {
  // The seed gives cl_acme one subscription; four more make five.
  for (const n of [1, 2, 3, 4]) {
    const created = await fetch(`${sandbox.baseUrl}/v1/webhooks`, {
      method: 'POST',
      headers: { 'x-api-key': sandbox.keys.managed, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `https://hooks.acme.example/extra-${n}`, events: ['incident.created'], clientId: 'cl_acme' }),
    });
    expect(created.status).toBe(201);
  }
  await connect(context, extensionId, sandbox);
  const webhooks = new WebhooksSection(await context.newPage());
  await webhooks.open(extensionId);
  await expect(webhooks.list.getByRole('listitem').filter({ has: webhooks.page.getByRole('heading') })).toHaveCount(5);
  const client = webhooks.create.getByLabel('Client', { exact: true });
  await client.selectOption('cl_acme');
  await expect(webhooks.create.getByText('Acme Holdings (cl_acme) has 5 of 5 subscriptions.')).toBeVisible();

  await fetch(`${sandbox.baseUrl}/__sandbox/requests`, { method: 'DELETE' });
  await webhooks.create.getByLabel('Delivery URL').fill(receiver.url);
  await webhooks.createButton.click();
  await expect(webhooks.fieldError(webhooks.create, 'Client')).toHaveText('This client already has 5 webhook subscriptions, the most the service allows (5). Delete one before creating another.');
  await expect(client).toHaveAttribute('aria-invalid', 'true');
  await expect(client).toBeFocused();
  expect(await webhookRequests(sandbox)).toEqual([]);

  // Another client still has room.
  await client.selectOption('cl_acme_bank');
  await expect(webhooks.create.getByText('Acme Bank (cl_acme_bank) has 0 of 5 subscriptions.')).toBeVisible();
  await webhooks.createButton.click();
  await expect(webhooks.secret).toBeVisible();
  // The list is read again after the secret shows.
  await expect.poll(async () => (await webhookRequests(sandbox)).map((request) => request.method)).toEqual(['GET', 'POST', 'GET']);
});

test('bad input is refused next to its control, and nothing is saved half-way', async ({ context, extensionId, sandbox }) => {
  await connect(context, extensionId, sandbox);
  const webhooks = new WebhooksSection(await context.newPage());
  await webhooks.open(extensionId);
  const { create } = webhooks;
  await fetch(`${sandbox.baseUrl}/__sandbox/requests`, { method: 'DELETE' });

  await create.getByLabel('Delivery URL').fill('http://hooks.bank.example/in');
  await webhooks.createButton.click();
  await expect(webhooks.fieldError(create, 'Delivery URL')).toHaveText('The delivery URL must start with https:// (plain http is accepted only for 127.0.0.1 or localhost).');
  await expect(create.getByLabel('Delivery URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(create.getByLabel('Delivery URL')).toBeFocused();

  await create.getByLabel('Delivery URL').fill('https://hooks.bank.example/in');
  for (const box of await create.getByRole('checkbox').all()) await box.uncheck();
  await webhooks.createButton.click();
  await expect(create.getByRole('group', { name: 'Events to send' }).getByRole('alert')).toHaveText('Choose at least one event to send.');
  // Nothing written; the section's own list read (GET) may land after the log was cleared.
  expect((await webhookRequests(sandbox)).filter((request) => request.method !== 'GET')).toEqual([]);

  // The service refuses the client (as for a client the key does not hold): said at the client picker.
  await webhooks.event(create, 'incident.created').check();
  await fetch(`${sandbox.baseUrl}/__sandbox/faults`, {
    method: 'POST',
    body: JSON.stringify({ method: 'POST', path: '/v1/webhooks', status: 401, body: { message: 'Unauthorized. Please ensure client ID is valid.' }, times: 1 }),
  });
  await webhooks.createButton.click();
  await expect(webhooks.fieldError(create, 'Client')).toHaveText('This API key is not authorised for that client. Choose another client, or check the key in the settings.');
  await expect(create.getByLabel('Client', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect((await storedWebhooks(sandbox)).map((stored) => stored.url)).toEqual(['https://hooks.acme.example/takedown-events']);
  // What was typed is still there to correct, and no secret panel appeared.
  await expect(create.getByLabel('Delivery URL')).toHaveValue('https://hooks.bank.example/in');
  await expect(webhooks.secret).toHaveCount(0);

  // An edit the service refuses changes nothing: the URL and the active flag stay as they were.
  const seed = 'https://hooks.acme.example/takedown-events';
  await webhooks.action(seed, 'Edit').click();
  const edit = webhooks.item(seed).getByRole('form');
  await edit.getByLabel('Active: deliver events').check();
  await edit.getByLabel('Delivery URL').fill('https://hooks.acme.example/v2');
  await fetch(`${sandbox.baseUrl}/__sandbox/faults`, {
    method: 'POST',
    body: JSON.stringify({ method: 'PATCH', path: '/v1/webhooks/', status: 400, body: { message: 'url must be reachable from the service.' }, times: 1 }),
  });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(webhooks.fieldError(edit, 'Delivery URL')).toHaveText('The service refused the request: url must be reachable from the service.');
  expect((await storedWebhooks(sandbox)).find((stored) => stored.id === 'wh_01JACME0001')).toMatchObject({ url: seed, active: false });
});

test('an inactive subscription is activated with one button; a refusal is said at that button and changes nothing', async ({ context, extensionId, sandbox }) => {
  await connect(context, extensionId, sandbox);
  const webhooks = new WebhooksSection(await context.newPage());
  await webhooks.open(extensionId);
  const seed = 'https://hooks.acme.example/takedown-events';
  const activate = webhooks.action(seed, 'Activate');
  await expect(webhooks.fact(seed, 'State')).toHaveText('Inactive: no events are delivered');

  // The service refuses: the sentence is at the button (its description), the focus stays there, nothing changed.
  await fetch(`${sandbox.baseUrl}/__sandbox/faults`, { method: 'POST', body: JSON.stringify({ method: 'PATCH', path: '/v1/webhooks/', status: 503, times: 1 }) });
  await activate.click();
  const refusal = 'The service had a problem (HTTP 503). Try again in a few minutes. The service said: “Sandbox fault: HTTP 503.”';
  await expect(webhooks.item(seed).getByRole('alert')).toHaveText(refusal);
  await expect(activate).toHaveAccessibleDescription(refusal);
  await expect(activate).toBeFocused();
  await expect(webhooks.fact(seed, 'State')).toHaveText('Inactive: no events are delivered');
  expect((await storedWebhooks(sandbox)).find((stored) => stored.id === 'wh_01JACME0001')).toMatchObject({ active: false });

  // The service answers 2xx but sends the subscription back still off: not called a success.
  await fetch(`${sandbox.baseUrl}/__sandbox/faults`, {
    method: 'POST',
    body: JSON.stringify({ method: 'PATCH', path: '/v1/webhooks/', status: 200, body: { message: 'OK', data: { id: 'wh_01JACME0001', url: seed, active: false } }, times: 1 }),
  });
  await activate.click();
  await expect(webhooks.item(seed).getByRole('alert')).toHaveText(/^The service answered, but the subscription it sent back is still inactive\./);
  await expect(webhooks.fact(seed, 'State')).toHaveText('Inactive: no events are delivered');

  // Accepted: one PATCH, the result said and focused, the state shown as the service now lists it, and no "Activate" left.
  // An edit form left open would still hold "inactive" and switch it off again on Save: it closes.
  await webhooks.action(seed, 'Edit').click();
  await expect(webhooks.item(seed).getByRole('form')).toBeVisible();
  await fetch(`${sandbox.baseUrl}/__sandbox/requests`, { method: 'DELETE' });
  await activate.click();
  const done = webhooks.item(seed).getByRole('status');
  await expect(done).toHaveText(`Subscription to ${seed} activated: the service delivers its events again. The service said: “Webhook subscription updated.”`);
  await expect(done).toBeFocused();
  await expect(webhooks.fact(seed, 'State')).toHaveText('Active');
  await expect(activate).toHaveCount(0);
  await expect(webhooks.item(seed).getByRole('form')).toHaveCount(0);
  expect((await webhookRequests(sandbox)).map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual(['PATCH /v1/webhooks/wh_01JACME0001 200', 'GET /v1/webhooks 200']);
  expect((await storedWebhooks(sandbox)).find((stored) => stored.id === 'wh_01JACME0001')).toMatchObject({
    active: true,
    url: seed,
    events: ['incident.created', 'incident.status_changed'],
    description: 'Acme SOC queue',
  });

  // The service keeps it: after a reload it is still on.
  await webhooks.page.reload();
  await expect(webhooks.fact(seed, 'State')).toHaveText('Active');
  await expect(activate).toHaveCount(0);
});

test('a receiver that keeps failing is marked failed after the fifth attempt, and the key with one client picks none', async ({ context, extensionId }) => {
  // A sandbox of its own whose retry schedule (0 s, 30 s, 2 min, 10 min, 1 h) runs 10,000 times faster.
  const fast = await startSandbox({ quiet: true, webhookTimeScale: 0.0001 });
  const failing = await startReceiver(() => 500);
  try {
    await connect(context, extensionId, fast, fast.keys.single);
    const webhooks = new WebhooksSection(await context.newPage());
    await webhooks.open(extensionId);
    await expect(webhooks.root.getByText('No webhook subscription yet.', { exact: false })).toBeVisible();
    // One client: nothing to choose.
    await expect(webhooks.create.getByLabel('Client', { exact: true })).toHaveCount(0);
    await webhooks.create.getByLabel('Delivery URL').fill(failing.url);
    await webhooks.createButton.click();
    await expect(webhooks.secret).toBeVisible();
    await webhooks.action(failing.url, 'Send test event').click();
    await expect.poll(() => failing.received.length, { timeout: 15_000 }).toBe(5);
    await expect
      .poll(
        async () => {
          await webhooks.refresh.click();
          return webhooks.fact(failing.url, 'Last delivery').textContent();
        },
        { timeout: 15_000 },
      )
      .toMatch(/^Failed: the last event was refused or timed out 5 times/);
    await expect(webhooks.item(failing.url)).toHaveClass(/is-failing/);
    await expect(webhooks.fact(failing.url, 'State')).toHaveText('Active');
    await expect(webhooks.fact(failing.url, 'Client')).toHaveCount(0);
  } finally {
    await failing.close();
    await fast.close();
  }
});
