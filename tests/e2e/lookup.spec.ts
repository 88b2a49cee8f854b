import { test, expect, openToolbarPopup } from './fixtures.ts';
import { connect, incidentFor, openPhishingPage, openReportDetails, reportRequests, servePhishingPages } from './reporting-helpers.ts';
import type { Sandbox } from '../sandbox/server.ts';

// Looking incidents up from the popup, typed in a defanged form, and the
// full-page view.

async function createIncident(sandbox: Sandbox, fields: Record<string, unknown>): Promise<{ id: string }> {
  const response = await fetch(`${sandbox.baseUrl}/__sandbox/incidents`, { method: 'POST', body: JSON.stringify({ clientId: 'cl_acme', ...fields }) });
  return ((await response.json()) as { data: { id: string } }).data;
}

test.beforeEach(async ({ context, extensionId, sandbox }) => {
  await servePhishingPages(context);
  await connect(context, extensionId, sandbox);
});

test('lookups by URL, email and phone, each typed defanged, show the incident; an unknown subject offers to report it', async ({ context, sandbox, serviceWorker, debugPort, extensionId }) => {
  await createIncident(sandbox, { subject: 'https://lookup-phish.com/login', url: 'https://lookup-phish.com/login', status: 'approval_required' });
  await createIncident(sandbox, { subject: 'scam@lookup-fraud.com', incidentType: 'email', status: 'action_required' });
  const page = await openPhishingPage(context, 'https://secure-acme-login.com/signin');
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await popup.getByRole('tab', { name: 'Look up' }).click();
  const field = popup.getByRole('textbox', { name: 'Look up an incident' });
  const view = popup.locator('.incident');

  for (const [typed, subject, status] of [
    ['hxxps://lookup-phish[.]com/login', 'https://lookup-phish.com/login', 'Approval required'],
    ['scam[at]lookup-fraud[.]com', 'scam@lookup-fraud.com', 'Action required from you'],
    ['+44 20 7946 0100', '+442079460100', 'Closed'],
  ] as const) {
    await field.fill(typed);
    await popup.getByRole('button', { name: 'Look up' }).click();
    await expect(view.locator('h2')).toHaveText(subject);
    await expect(view.locator('.status-chip')).toHaveText(status);
  }
  await expect(view).toContainText('History');
  // The phone's seeded incident ended with a takedown attempt judged not actionable.
  await expect(popup.locator('.attempts li')).toHaveText([/^Not actionable/]);

  await field.fill('never-seen[.]com');
  await popup.getByRole('button', { name: 'Look up' }).click();
  await expect(popup.getByText('No incident for this subject.')).toBeVisible();
  await popup.getByRole('button', { name: 'Report it' }).click();
  await expect(popup.getByLabel('Report', { exact: true })).toHaveValue('never-seen.com');
  await expect(popup.getByLabel('Report', { exact: true })).toBeFocused();

  await popup.getByRole('tab', { name: 'Look up' }).click();
  await field.fill('not an indicator');
  await popup.getByRole('button', { name: 'Look up' }).click();
  await expect(popup.locator('#lookup-subject-error')).toHaveText('This is not a URL, domain, email address, phone number or IPv4 address.');
});

test('a subject under a top-level domain the bundled list does not know is looked up, and reported once the user confirms its spelling', async ({
  context,
  sandbox,
  serviceWorker,
  debugPort,
  extensionId,
}) => {
  const page = await openPhishingPage(context, 'https://secure-acme-login.com/signin');
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await popup.getByRole('tab', { name: 'Look up' }).click();
  const field = popup.getByRole('textbox', { name: 'Look up an incident' });
  await field.fill('support@northwind-help[.]example');
  await popup.getByRole('button', { name: 'Look up' }).click();
  // The lookup went to the service: its answer is shown, the list only warns.
  await expect(popup.getByText('No incident for this subject.')).toBeVisible();
  await expect(popup.locator('#lookup-subject-hint')).toContainText('Not a known top-level domain — check the spelling.');
  const lookups = ((await (await fetch(`${sandbox.baseUrl}/__sandbox/requests`)).json()) as { data: { path: string; status: number }[] }).data;
  expect(lookups.filter((entry) => entry.path.startsWith('/v1/incident/subject/'))).toContainEqual(
    expect.objectContaining({ path: `/v1/incident/subject/${encodeURIComponent('support@northwind-help.example')}`, status: 404 }),
  );

  await popup.getByRole('button', { name: 'Report it' }).click();
  await expect(popup.getByLabel('Report', { exact: true })).toHaveValue('support@northwind-help.example');
  await expect(popup.locator('#report-subject-hint')).toContainText('Not a known top-level domain');
  await openReportDetails(popup);
  for (const label of [/Screenshot, stamped/, 'Page source (HTML)', 'Forms, outbound links and script origins']) await popup.getByLabel(label).uncheck();
  await popup.getByRole('button', { name: 'Report for takedown' }).click();
  const confirm = popup.getByLabel('Send it anyway: I checked the spelling');
  await expect(popup.locator('#report-confirm-spelling-error')).toHaveText('Confirm the address is spelled as you meant before sending it.');
  await expect(confirm).toBeFocused();
  expect(await reportRequests(sandbox)).toEqual([]);

  await confirm.check();
  await popup.getByRole('button', { name: 'Report for takedown' }).click();
  await expect(popup.locator('[data-report-state]')).toHaveAttribute('data-report-state', 'sent');
  expect(await incidentFor(sandbox, 'support@northwind-help.example')).toMatchObject({ incidentType: 'email' });
});

test('the full-page view shows an incident by id, and says when there is none', async ({ context, sandbox, extensionId }) => {
  const { id } = await createIncident(sandbox, { subject: 'https://full-view.com/pay', url: 'https://full-view.com/pay', status: 'takedown_in_progress' });
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/incident.html#${encodeURIComponent(id)}`);
  await expect(page.locator('.incident h2')).toHaveText('https://full-view.com/pay');
  await expect(page.locator('.status-chip')).toHaveText('Takedown in progress');
  await expect(page.getByText('The takedown has started and is not finished.')).toBeVisible();
  await expect(page.locator('.incident')).toContainText(`Incident id${id}`);

  // Its takedown attempts and snapshots are read beside it.
  await expect(page.getByText('No takedown attempt is recorded.')).toBeVisible();
  await expect(page.getByText('No snapshot yet.')).toBeVisible();

  await page.goto(`chrome-extension://${extensionId}/incident.html#subject=${encodeURIComponent('https://acme-account-verify.test/account/verify')}`);
  await expect(page.locator('.attempts li')).toHaveText([/^Failed · started .+ · resolved .+$/, /^Succeeded · started .+ · resolved .+$/]);
  await expect(page.locator('.snapshot')).toHaveCount(3);
  await page.locator('.snapshot summary').first().click();
  await expect(page.locator('.snapshot pre').first()).toBeVisible();

  await page.goto(`chrome-extension://${extensionId}/incident.html#inc_does_not_exist`);
  await expect(page.getByText('No incident with this id was found for your clients.')).toBeVisible();
});

test('an incident missing from the resolutions list says so, apart from one listed with no attempt', async ({ sandbox, context, extensionId }) => {
  const { id } = await createIncident(sandbox, { subject: 'https://not-listed.com/pay', url: 'https://not-listed.com/pay', status: 'takedown_in_progress' });
  // A large account's list, read in pages: this incident is on none of them.
  await fetch(`${sandbox.baseUrl}/__sandbox/faults`, {
    method: 'POST',
    body: JSON.stringify({ method: 'GET', path: '/v1/incidents/resolutions', status: 200, body: { data: [{ id: 'inc_other', takedownAttempts: [] }] }, times: 1 }),
  });
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/incident.html#${encodeURIComponent(id)}`);
  await expect(page.getByText('This incident is not in the resolutions list: the service has recorded no takedown attempt for it.')).toBeVisible();
  await expect(page.getByText('No takedown attempt is recorded.')).toHaveCount(0);
});

test('the popup opened on a page that is already an incident shows its status first', async ({ context, serviceWorker, debugPort, extensionId }) => {
  const page = await openPhishingPage(context, 'https://acme-secure-login.test/account/verify?session=8841');
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  const known = popup.getByRole('status', { name: 'This page is already an incident:' });
  await expect(known).toContainText('Pending review');
  await expect(known).toContainText('Reported, not yet reviewed by an analyst.');
  // Shown above the report form.
  const [knownBox, formBox] = await Promise.all([known.boundingBox(), popup.locator('form.report-form').boundingBox()]);
  expect(knownBox!.y).toBeLessThan(formBox!.y);
});

test('a page with no incident shows no such notice', async ({ context, sandbox, serviceWorker, debugPort, extensionId }) => {
  const page = await openPhishingPage(context, 'https://secure-acme-login.com/signin');
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await openReportDetails(popup);
  await expect(popup.getByRole('img', { name: 'The screenshot that will be sent' })).toBeVisible();
  await expect
    .poll(async () => {
      const log = (await (await fetch(`${sandbox.baseUrl}/__sandbox/requests`)).json()) as { data: { path: string; status: number }[] };
      return log.data.filter((entry) => entry.path.startsWith('/v1/incident/subject/')).map((entry) => entry.status);
    })
    .toEqual([404]);
  await expect(popup.locator('.known-incident')).toHaveCount(0);
});

test('from the incident view: approve a takedown waiting for approval, comment, and attach evidence', async ({ context, sandbox, extensionId }) => {
  const { id } = await createIncident(sandbox, { subject: 'https://approve-me.com/', url: 'https://approve-me.com/', status: 'approval_required' });
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/incident.html#${encodeURIComponent(id)}`);
  const chip = page.locator('.status-chip');
  await expect(chip).toHaveText('Approval required');

  await page.getByRole('button', { name: 'Approve the takedown' }).click();
  await expect(page.getByText('The service will take this site down.')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  // The outcome line (the history may say the same words once it is read again).
  await expect(page.locator('#incident-action-outcome')).toHaveText('Takedown approved.');
  await expect(chip).toHaveText('Takedown ready');
  // Approval is offered only while the takedown waits for it.
  await expect(page.getByRole('button', { name: 'Approve the takedown' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('#incident-action-error')).toHaveText('Write a comment first.');
  await page.getByLabel('Comment for the analyst', { exact: true }).fill('Approved by the fraud team.');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('#incident-action-outcome')).toHaveText('Comment added.');
  await expect(page.locator('.timeline')).toContainText('Approved by the fraud team.');

  await page.getByRole('button', { name: 'Attach evidence' }).click();
  await page.getByLabel('Add files (or drop them here)').setInputFiles([{ name: 'sms.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]) }]);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('#incident-action-outcome')).toHaveText('Evidence attached.');

  const state = (await (await fetch(`${sandbox.baseUrl}/__sandbox/state`)).json()) as {
    data: { incidents: { id: string; status: string; attachments: { name: string }[]; history: { message: string }[] }[] };
  };
  const stored = state.data.incidents.find((incident) => incident.id === id)!;
  expect(stored.status).toBe('takedown_ready');
  expect(stored.attachments.map((file) => file.name)).toEqual(['sms.png']);
  expect(stored.history.map((entry) => entry.message)).toContain('Approved by the fraud team.');
});

test('in the popup at its real size, an incident waiting for approval shows "Approve the takedown" beside its status, in view without scrolling; a closed one offers no reopening action without saying so (issue 44, point 3)', async ({
  context,
  sandbox,
  serviceWorker,
  debugPort,
  extensionId,
}) => {
  await createIncident(sandbox, {
    subject: 'https://approve-in-view.com/login',
    url: 'https://approve-in-view.com/login',
    status: 'approval_required',
    reportedBy: 'soc@acme.example',
    hostingProvider: 'Example Hosting',
  });
  await createIncident(sandbox, { subject: 'https://closed-view.com/', url: 'https://closed-view.com/', status: 'closed' });
  const page = await openPhishingPage(context, 'https://secure-acme-login.com/signin');
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await popup.getByRole('tab', { name: 'Look up' }).click();
  const field = popup.getByRole('textbox', { name: 'Look up an incident' });
  await field.fill('https://approve-in-view.com/login');
  await popup.getByRole('button', { name: 'Look up' }).click();
  await expect(popup.locator('.status-chip')).toHaveText('Approval required');
  const approve = popup.getByRole('button', { name: 'Approve the takedown' });
  await expect(approve).toBeVisible();
  // The real popup (no emulated viewport), not scrolled: the button is wholly inside it.
  const { height, scrolled } = await popup.evaluate(() => ({ height: innerHeight, scrolled: scrollY }));
  expect(height).toBeLessThanOrEqual(600);
  expect(scrolled).toBe(0);
  const box = (await approve.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  // Requesting a takedown would repeat what approval does: not offered beside it.
  await expect(popup.getByRole('button', { name: 'Request takedown' })).toHaveCount(0);

  await field.fill('https://closed-view.com/');
  await popup.getByRole('button', { name: 'Look up' }).click();
  await expect(popup.locator('.status-chip')).toHaveText('Closed');
  await expect(popup.locator('.incident-actions button')).toHaveText(['Comment', 'Attach evidence', 'Request a new takedown (reopens the incident)', 'Monitor it again (reopens the incident)']);
  await expect(popup.getByRole('button', { name: 'Mark safe' })).toHaveCount(0);
});
