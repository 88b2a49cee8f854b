import { test, expect, openToolbarPopup, readExtensionStorage } from './fixtures.ts';

interface LoggedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  status: number;
}

async function requestLog(baseUrl: string): Promise<LoggedRequest[]> {
  const body = (await (await fetch(`${baseUrl}/__sandbox/requests`)).json()) as { data: LoggedRequest[] };
  return body.data;
}

test("connects with the sandbox URL and key and shows the key's clients", async ({ sandbox, optionsPage, popupPage }) => {
  await optionsPage.open();
  await expect(optionsPage.status).toContainText('Not connected yet');

  await optionsPage.connect(sandbox.baseUrl, sandbox.keys.managed);

  await expect(optionsPage.summary).toHaveAttribute('data-state', 'connected');
  await expect(optionsPage.status).toContainText(`Connected to ${sandbox.baseUrl}`);
  await expect(optionsPage.status).toContainText(`••••${sandbox.keys.managed.slice(-4)}`);
  await expect(optionsPage.clients).toContainText(['Acme Holdings', 'Acme Bank', 'Acme Travel']);
  // The key is never shown back, not even in the field.
  await expect(optionsPage.apiKey).toHaveValue('');
  expect(await optionsPage.page.content()).not.toContain(sandbox.keys.managed);

  const whoami = (await requestLog(sandbox.baseUrl)).filter((r) => r.path === '/v1/whoami');
  expect(whoami.length).toBeGreaterThanOrEqual(1);
  expect(whoami[0]).toMatchObject({ method: 'GET', status: 200 });

  await popupPage.open();
  await expect(popupPage.state).toHaveAttribute('data-state', 'connected');
  await expect(popupPage.page.getByText('Reporting for')).toContainText('Acme Holdings, Acme Bank, Acme Travel');

  // The saved connection survives a reload of the page.
  await optionsPage.page.reload();
  await expect(optionsPage.summary).toHaveAttribute('data-state', 'connected');
});

test('a pasted address without scheme and with /v1 connects, and the form shows the URL it will use', async ({ sandbox, optionsPage }) => {
  await optionsPage.open();
  const pasted = `  ${sandbox.baseUrl.replace(/^http:\/\//, '')}/v1/ `;
  await optionsPage.baseUrl.fill(pasted);
  await expect(optionsPage.page.getByTestId('base-url-will-use')).toHaveText(`Will connect to ${sandbox.baseUrl}`);

  await optionsPage.connect(pasted, sandbox.keys.managed);

  await expect(optionsPage.summary).toHaveAttribute('data-state', 'connected');
  await expect(optionsPage.status).toContainText(`Connected to ${sandbox.baseUrl}`);
  await expect(optionsPage.fieldError('Service URL')).toHaveCount(0);
});

test('plain http to a host that is not loopback stays refused, with its sentence', async ({ optionsPage }) => {
  await optionsPage.open();
  await optionsPage.connect('http://api.example.com/v1', 'sbx_wrong_key_9999');
  await expect(optionsPage.fieldError('Service URL')).toContainText('http');
  await expect(optionsPage.status).toContainText('Not connected yet');
});

test('a single-client key shows its one client', async ({ sandbox, optionsPage }) => {
  await optionsPage.open();
  await optionsPage.connect(sandbox.baseUrl, sandbox.keys.single);
  await expect(optionsPage.clients).toHaveText(['Globex Corporation']);
});

test('a wrong key gives a clear error on the key field and saves nothing', async ({ sandbox, optionsPage, popupPage, serviceWorker }) => {
  await optionsPage.open();
  await optionsPage.connect(sandbox.baseUrl, 'sbx_wrong_key_9999');

  await expect(optionsPage.fieldError('API key')).toHaveText(`${sandbox.baseUrl} rejected this API key. Check that you copied the whole key and that it is still active.`);
  await expect(optionsPage.apiKey).toHaveAttribute('aria-invalid', 'true');
  await expect(optionsPage.apiKey).toBeFocused();
  await expect(optionsPage.status).toContainText('Not connected yet');
  // What the user typed is still there to correct.
  await expect(optionsPage.baseUrl).toHaveValue(sandbox.baseUrl);

  const stored = await readExtensionStorage(serviceWorker);
  expect(stored).toEqual({});

  await popupPage.open();
  await expect(popupPage.state).toHaveAttribute('data-state', 'not_configured');
  await expect(popupPage.status).toContainText('Not set up');
  // The popup leads straight to the options page's Connection section (opened anew).
  await optionsPage.page.close();
  const [options] = await Promise.all([popupPage.page.context().waitForEvent('page'), popupPage.page.getByRole('button', { name: 'Connect to your service' }).click()]);
  await expect(options).toHaveURL(/\/options\.html#connection$/);
  await expect(options.getByRole('heading', { level: 2, name: 'Connection', exact: true })).toBeVisible();
  await expect(options.getByLabel('Service URL')).toBeVisible();
});

test('a wrong key does not replace a working connection', async ({ sandbox, optionsPage }) => {
  await optionsPage.open();
  await optionsPage.connect(sandbox.baseUrl, sandbox.keys.managed);
  await expect(optionsPage.summary).toHaveAttribute('data-state', 'connected');

  await optionsPage.connect(sandbox.baseUrl, 'sbx_wrong_key_9999');
  await expect(optionsPage.fieldError('API key')).toContainText('rejected this API key');

  await optionsPage.page.reload();
  await expect(optionsPage.summary).toHaveAttribute('data-state', 'connected');
  await expect(optionsPage.clients).toContainText(['Acme Holdings']);
});

test('an http URL that is not loopback is refused before any request', async ({ sandbox, optionsPage }) => {
  await optionsPage.open();
  await optionsPage.connect('http://api.example.com', sandbox.keys.managed);
  await expect(optionsPage.fieldError('Service URL')).toContainText('must start with https://');
  await expect(optionsPage.baseUrl).toBeFocused();
  expect(await requestLog(sandbox.baseUrl)).toEqual([]);
});

test('an address where nothing answers is reported on the URL field', async ({ optionsPage }) => {
  await optionsPage.open();
  // Port 9 (discard) is closed on loopback: the connection is refused at once.
  await optionsPage.connect('http://127.0.0.1:9', 'sbx_managed_demo_0001');
  await expect(optionsPage.fieldError('Service URL')).toContainText('Could not reach http://127.0.0.1:9');
});

test('the popup trusts a recent check instead of calling whoami on every open', async ({ sandbox, optionsPage, popupPage }) => {
  await optionsPage.open();
  await optionsPage.connect(sandbox.baseUrl, sandbox.keys.managed);
  await expect(optionsPage.summary).toHaveAttribute('data-state', 'connected');
  await fetch(`${sandbox.baseUrl}/__sandbox/requests`, { method: 'DELETE' });

  await popupPage.open();
  await expect(popupPage.state).toHaveAttribute('data-state', 'connected');
  const logged = (await (await fetch(`${sandbox.baseUrl}/__sandbox/requests`)).json()) as { data: { path: string }[] };
  expect(logged.data.map((entry) => entry.path)).not.toContain('/v1/whoami');
});

test('forgetting the connection removes the key', async ({ sandbox, optionsPage, serviceWorker }) => {
  await optionsPage.open();
  await optionsPage.connect(sandbox.baseUrl, sandbox.keys.managed);
  await expect(optionsPage.summary).toHaveAttribute('data-state', 'connected');
  // The popup's kept first render (components/popup/kept-render.ts) shows the connection: it goes with it.
  const shell = () => optionsPage.page.evaluate(() => localStorage.getItem('takedown-reporter:popup-shell'));
  await optionsPage.page.evaluate(() => localStorage.setItem('takedown-reporter:popup-shell', JSON.stringify({ key: 'k', html: '<p>Reporting for Acme Holdings</p>' })));
  expect(await shell()).not.toBeNull();

  optionsPage.page.once('dialog', (dialog) => dialog.accept());
  await optionsPage.forgetButton.click();
  await expect(optionsPage.status).toContainText('Not connected yet');
  expect(await readExtensionStorage(serviceWorker)).toEqual({});
  expect(await shell()).toBeNull();
});

test('the toolbar popup, opened over a web page, shows the connection', async ({ sandbox, context, optionsPage, serviceWorker, debugPort, extensionId }) => {
  await optionsPage.open();
  await optionsPage.connect(sandbox.baseUrl, sandbox.keys.managed);
  await expect(optionsPage.summary).toHaveAttribute('data-state', 'connected');

  const page = await context.newPage();
  await page.goto(`${sandbox.baseUrl}/dashboard/incidents/unknown`);
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await expect(popup.locator('[data-state]')).toHaveAttribute('data-state', 'connected');
  await expect(popup.getByText('Reporting for')).toContainText('Acme Holdings');
});

test('a service address that redirects to another site gets no key there, and the URL field says why', async ({ sandbox, optionsPage }) => {
  const { createServer } = await import('node:http');
  const seen: { path: string; headers: Record<string, unknown> }[] = [];
  const target = createServer((request, response) => {
    seen.push({ path: request.url ?? '', headers: { ...request.headers } });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"message":"OK","data":{"clients":[]}}');
  });
  const redirector = createServer((request, response) => {
    response.writeHead(307, { location: `${address(target)}${request.url ?? '/'}` }).end();
  });
  const address = (server: typeof target) => `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  await Promise.all([target, redirector].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
  try {
    await optionsPage.open();
    await optionsPage.connect(address(redirector), sandbox.keys.managed);

    await expect(optionsPage.fieldError('Service URL')).toHaveText(
      'The service address redirected to another address; check the URL. (Redirects are not followed, so the API key is never sent elsewhere.)',
    );
    await expect(optionsPage.status).toContainText('Not connected yet');
    expect(seen).toEqual([]);
  } finally {
    await Promise.all([target, redirector].map((server) => new Promise((resolve) => server.close(resolve))));
  }
});
