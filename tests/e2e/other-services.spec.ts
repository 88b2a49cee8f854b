import { test, expect } from './fixtures.ts';

// Services that honour the spec but answer differently where it allows: the
// options page still connects and shows every client of the key.

async function answerWith(baseUrl: string, settings: Record<string, string>): Promise<void> {
  const response = await fetch(`${baseUrl}/__sandbox/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
  expect(response.ok).toBe(true);
}

for (const whoami of ['bare-strings', 'client-keys', 'no-active', 'key-only', 'empty-body']) {
  test(`whoami answering ${whoami}: connects and lists every client from /v1/clients`, async ({ sandbox, optionsPage }) => {
    await answerWith(sandbox.baseUrl, { whoami });
    await optionsPage.open();
    await optionsPage.connect(sandbox.baseUrl, sandbox.keys.managed);

    await expect(optionsPage.summary).toHaveAttribute('data-state', 'connected');
    await expect(optionsPage.clients).toHaveText(['Acme Holdings', 'Acme Bank', 'Acme Travelinactive']);
    await expect(optionsPage.page.getByTestId('clients-fallback')).toHaveCount(0);
  });
}

test('when /v1/clients fails, the clients whoami named stand in, and the page says why', async ({ sandbox, optionsPage }) => {
  await answerWith(sandbox.baseUrl, { whoami: 'bare-strings', clients: 'fail' });
  await optionsPage.open();
  await optionsPage.connect(sandbox.baseUrl, sandbox.keys.managed);

  await expect(optionsPage.summary).toHaveAttribute('data-state', 'connected');
  await expect(optionsPage.clients).toHaveText(['Acme Holdings', 'Acme Bank', 'Acme Travel']);
  await expect(optionsPage.page.getByTestId('clients-fallback')).toHaveText(
    'The client list could not be loaded, so these are the clients the key check named. The service had a problem (HTTP 500). Try again in a few minutes. The service said: “Internal error”',
  );
});

test('a client entry without a name shows its id; one that cannot be read is counted, never hidden', async ({ sandbox, optionsPage }) => {
  await answerWith(sandbox.baseUrl, { clients: 'partly-malformed' });
  await optionsPage.open();
  await optionsPage.connect(sandbox.baseUrl, sandbox.keys.managed);
  await expect(optionsPage.clients).toHaveText(['Acme Holdings', 'cl_acme_bank', 'Acme Travelinactive']);

  // Whoami naming nothing usable for two entries, with the list failing.
  await answerWith(sandbox.baseUrl, { whoami: 'default', clients: 'fail' });
  await fetch(`${sandbox.baseUrl}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: '/v1/whoami', body: { data: { clients: [{ id: 'cl_x', name: 'Readable' }, { active: true }, 7] } } }),
  });
  await optionsPage.page.reload();
  await expect(optionsPage.clients).toHaveText(['Readable']);
  await expect(optionsPage.page.getByTestId('clients-skipped')).toHaveText('2 client entries sent by the service could not be read and are not shown.');
});
