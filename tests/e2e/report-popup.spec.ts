import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, openToolbarPopup } from './fixtures.ts';
import { addFault, connect, incidentFor, openPhishingPage, openReportDetails, reportRequests, servePhishingPages } from './reporting-helpers.ts';

// Reporting from the real toolbar popup over a real page.

const PAGE = 'https://secure-acme-login.com/signin';

test.beforeEach(async ({ context, extensionId, sandbox }) => {
  await servePhishingPages(context);
  await connect(context, extensionId, sandbox);
});

test('a page reported from the popup arrives with a stamped screenshot, page evidence and a record whose hashes match', async ({ context, sandbox, serviceWorker, debugPort, extensionId }) => {
  const page = await openPhishingPage(context, PAGE);
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);

  await expect(popup.getByLabel('Report', { exact: true })).toHaveValue(PAGE);
  await openReportDetails(popup);
  await expect(popup.getByRole('img', { name: 'The screenshot that will be sent' })).toBeVisible();
  await expect(popup.getByLabel(/Screenshot, stamped/)).toBeChecked();
  await popup.getByLabel('Comment for the analyst (optional)').fill('Seen in an SMS campaign');
  await popup.getByLabel('Your email, for status updates').fill('soc@acme.example');
  await popup.getByText(/What will be sent: 4 file/).click();
  await expect(popup.locator('.summary-box')).toContainText('Sent to POST /v1/incident/tkd (takedown) or POST /v1/incident/monitor (monitoring).');
  await expect(popup.locator('.summary-fields')).toContainText('reportedBysoc@acme.example');

  await popup.getByRole('button', { name: 'Report for takedown' }).click();
  await expect(popup.locator('[data-report-state]')).toHaveAttribute('data-report-state', 'sent');

  const incident = (await incidentFor(sandbox, PAGE))!;
  await expect(popup.getByRole('link', { name: `Incident ${incident.id}` })).toHaveAttribute('href', `${sandbox.baseUrl}/dashboard/incidents/${encodeURIComponent(incident.id)}`);
  expect(incident).toMatchObject({ status: 'pending_review', reportedBy: 'soc@acme.example', comment: 'Seen in an SMS campaign' });
  expect((await reportRequests(sandbox))[0]?.contentType).toMatch(/^multipart\/form-data/);

  const names = incident.attachments.map((file) => file.name);
  expect(names).toEqual([expect.stringMatching(/^screenshot-.*\.(png|jpg)$/), 'page-source.txt', 'page-details.txt', 'evidence-record.txt']);
  const [shot, source, details, record] = incident.attachments;
  expect(shot!.type).toMatch(/^image\/(png|jpeg)$/);
  expect(shot!.size).toBeGreaterThan(5_000);
  expect(source!.text).toContain('<h1>Acme Bank secure sign-in</h1>');
  expect(details!.text).toContain('https://collect.kit-host.com/gate.php');
  expect(details!.text).toContain('password');
  expect(details!.text).toContain('https://pay.evil-link.com/checkout');
  expect(details!.text).toContain('https://cdn.kit-host.com');
  // The record names every other file with the SHA-256 of the bytes the service received.
  for (const file of [shot!, source!, details!]) expect(record!.text).toContain(`${file.sha256}  ${file.name}`);
  expect(record!.text).toContain(`Reported address: ${PAGE}`);
  expect(record!.text).toContain('Reported by: soc@acme.example');
  expect(record!.text).toMatch(/Browser: \S+ \d+/);
  // The text files arrived byte for byte as hashed.
  expect(createHash('sha256').update(source!.text!).digest('hex')).toBe(source!.sha256);
});

test('the next open paints the popup’s kept first render at once, with this page’s address, and the app takes it over', async ({ context, sandbox, serviceWorker, debugPort, extensionId }) => {
  const marks = (popup: Page) =>
    popup.evaluate(() =>
      ['popup-ready', 'popup-mounted'].map((name) => performance.getEntriesByName(name)[0] as PerformanceMark | undefined).map((mark) => mark && { at: mark.startTime, detail: mark.detail }),
    );
  const first = await openToolbarPopup(await openPhishingPage(context, PAGE), serviceWorker, debugPort, extensionId);
  await expect(first.getByLabel('Report', { exact: true })).toHaveValue(PAGE);
  // The first open renders with the framework: nothing was kept yet.
  await expect.poll(async () => (await marks(first))[1]).toBeTruthy();
  expect((await marks(first))[0]?.detail).toBeNull();
  await first.close();

  const other = 'https://other-kit.com/verify?case=7';
  const popup = await openToolbarPopup(await openPhishingPage(context, other), serviceWorker, debugPort, extensionId);
  await expect.poll(async () => (await marks(popup))[1]).toBeTruthy();
  const [ready, mounted] = await marks(popup);
  // Shown by the shell script, before the app had rendered.
  expect(ready?.detail).toBe('shell');
  expect(ready!.at).toBeLessThan(mounted!.at);
  await expect(popup.getByLabel('Report', { exact: true })).toHaveValue(other);
  await expect(popup.locator('[data-state="connected"]')).toHaveCount(1);
  await expect(popup.locator('#app')).not.toHaveAttribute('data-shell');
  await popup.getByLabel('Comment for the analyst (optional)').fill('Second kit of the campaign');
  await popup.getByRole('button', { name: 'Report for takedown' }).click();
  await expect(popup.locator('[data-report-state]')).toHaveAttribute('data-report-state', 'sent');
  expect(await incidentFor(sandbox, other)).toMatchObject({ comment: 'Second kit of the campaign' });
});

test('an indicator typed in the popup is checked at its field, and a phone goes as E.164 without page evidence', async ({ context, sandbox, serviceWorker, debugPort, extensionId, optionsPage }) => {
  // No phone country, chosen (the browser's region would give one otherwise).
  await optionsPage.open('reporting');
  await optionsPage.page.getByLabel('Default country for phone numbers').selectOption('');
  await optionsPage.page.getByRole('button', { name: 'Save settings' }).click();
  await expect(optionsPage.page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  const page = await openPhishingPage(context, PAGE);
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  const subject = popup.getByLabel('Report', { exact: true });
  await subject.fill('020 7946 0958');
  await expect(popup.locator('#report-subject-error')).toHaveText('Write the number in international form (starting with +), or choose a default country in the settings.');
  await expect(subject).toHaveAttribute('aria-invalid', 'true');
  // The message offers to set the country: a link to the setting itself.
  await expect(popup.getByRole('link', { name: 'Set your phone country' })).toHaveAttribute('href', `chrome-extension://${extensionId}/options.html#settings-country`);
  await popup.getByRole('button', { name: 'Report for takedown' }).click();
  expect(await reportRequests(sandbox)).toEqual([]);

  await subject.fill('+44 20 7946 0999');
  await expect(subject).not.toHaveAttribute('aria-invalid');
  await openReportDetails(popup);
  for (const label of [/Screenshot, stamped/, 'Page source (HTML)', 'Forms, outbound links and script origins']) await popup.getByLabel(label).uncheck();
  await popup.getByRole('button', { name: 'Monitor', exact: true }).click();
  await expect(popup.locator('[data-report-state]')).toHaveAttribute('data-report-state', 'sent');
  const incident = (await incidentFor(sandbox, '+442079460999'))!;
  expect(incident).toMatchObject({ incidentType: 'phone', status: 'pre_weaponised' });
  expect(incident.attachments.map((file) => file.name)).toEqual(['evidence-record.txt']);
});

test('a subject that is already an incident is looked up first and followed up instead of reported again', async ({ context, sandbox, serviceWorker, debugPort, extensionId }) => {
  // 203.0.113.10 is a seeded incident of the managed key's first client.
  const page = await openPhishingPage(context, PAGE);
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await openReportDetails(popup);
  await expect(popup.getByRole('img', { name: 'The screenshot that will be sent' })).toBeVisible();
  await popup.getByLabel('Report', { exact: true }).fill('203.0.113[.]10');
  await popup.getByRole('button', { name: 'Report for takedown' }).click();
  await expect(popup.getByText('Already an incident (status: Case building)')).toBeVisible();
  await popup.getByRole('button', { name: 'Add this comment' }).click();
  await expect(popup.getByText('Write a comment first.')).toBeVisible();
  await popup.getByLabel('Comment for the analyst', { exact: true }).fill('Now hosting a new kit.');
  await popup.getByRole('button', { name: 'Add this comment' }).click();
  await expect(popup.getByRole('button', { name: 'Comment added' })).toBeDisabled();
  await popup.getByRole('button', { name: 'Attach the new evidence' }).click();
  await expect(popup.getByRole('button', { name: 'Evidence attached' })).toBeDisabled();

  const incident = (await incidentFor(sandbox, '203.0.113.10'))!;
  expect(incident.history.map((entry) => entry.message)).toContain('Now hosting a new kit.');
  expect(incident.attachments.map((file) => file.name)).toEqual([expect.stringMatching(/^screenshot-/), 'page-source.txt', 'page-details.txt', 'evidence-record.txt']);
  expect(await reportRequests(sandbox)).toEqual([]);
});

test('files over the 10 MB limit are refused when added, never sent into a 413', async ({ context, sandbox, serviceWorker, debugPort, extensionId }) => {
  const page = await openPhishingPage(context, PAGE);
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await openReportDetails(popup);
  await expect(popup.getByRole('img', { name: 'The screenshot that will be sent' })).toBeVisible();
  // The files are made in the popup: 12 MB sent through setInputFiles over CDP closes the connection (Chromium 156).
  await popup.getByLabel('Add files (or drop them here)').evaluate((input: HTMLInputElement) => {
    const chosen = new DataTransfer();
    for (const name of ['statement-1.pdf', 'statement-2.pdf', 'statement-3.pdf']) chosen.items.add(new File([new Uint8Array(4_000_000).fill(1)], name, { type: 'application/pdf' }));
    input.files = chosen.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await expect(popup.locator('#evidence-files-error')).toContainText(/The files add up to .* MB/);
  await expect(popup.locator('.file-list').first()).toContainText('statement-1.pdf');
  await expect(popup.locator('.evidence .file-list')).not.toContainText('statement-3.pdf');
  await popup.getByRole('button', { name: 'Report for takedown' }).click();
  await expect(popup.locator('[data-report-state]')).toHaveAttribute('data-report-state', 'sent', { timeout: 20_000 });
  const [request] = await reportRequests(sandbox);
  expect(request!.status).toBe(200);
  expect(request!.bodyBytes).toBeLessThan(10_000_000);
  expect((await incidentFor(sandbox, PAGE))!.attachments.map((file) => file.name)).toContain('statement-2.pdf');
});

test('a report that failed keeps its evidence and is sent again with one click', async ({ context, sandbox, serviceWorker, debugPort, extensionId }) => {
  await addFault(sandbox, { method: 'POST', path: '/v1/incident/tkd', status: 500, times: 1 });
  const page = await openPhishingPage(context, PAGE);
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  await popup.getByRole('button', { name: 'Report for takedown' }).click();
  const result = popup.locator('[data-report-state]');
  await expect(result).toHaveAttribute('data-report-state', 'failed');
  await expect(result).toContainText('The service had a problem (HTTP 500). Try again in a few minutes.');
  await popup.getByRole('button', { name: 'Send again' }).click();
  await expect(result).toHaveAttribute('data-report-state', 'sent');
  const requests = await reportRequests(sandbox);
  expect(requests.map((request) => request.status)).toEqual([500, 200]);
  expect((await incidentFor(sandbox, PAGE))!.attachments).toHaveLength(4);
});

test('a report shows its steps as they happen: the capture, the stamp, the page evidence, then the upload with its size', async ({ context, sandbox, serviceWorker, debugPort, extensionId }) => {
  // The service takes its time: the upload step stays on screen meanwhile.
  await addFault(sandbox, { method: 'POST', path: '/v1/incident/tkd', latencyMs: 2_000, times: 1 });
  const page = await openPhishingPage(context, PAGE);
  const popup = await openToolbarPopup(page, serviceWorker, debugPort, extensionId);
  const steps = popup.getByRole('list', { name: 'Steps of this report' });

  await popup.getByLabel('Your email, for status updates').fill('soc@acme.example');
  await popup.getByRole('button', { name: 'Report for takedown' }).click();
  await expect(steps.getByRole('listitem')).toHaveText([/✓\s*Screenshot taken/, /✓\s*Address and time stamped/, /✓\s*Page evidence collected/, /…\s*Uploading \d+(\.\d)? kB…/]);
  await expect(popup.getByRole('status').filter({ hasText: /^Uploading \d+(\.\d)? kB…$/ })).toBeAttached();
  await expect(popup.locator('[data-report-state]')).toHaveAttribute('data-report-state', 'sent');
  await expect(steps).toHaveCount(0);
});

test('right after a report, the popup and My reports show the status the service gives, and its client, without a refresh (issue 44)', async ({
  context,
  sandbox,
  serviceWorker,
  debugPort,
  extensionId,
  optionsPage,
}) => {
  const address = 'https://secure-acme-login.com/status-at-once';
  const popup = await openToolbarPopup(await openPhishingPage(context, address), serviceWorker, debugPort, extensionId);
  await popup.getByRole('button', { name: 'Report for takedown' }).click();
  await expect(popup.locator('[data-report-state]')).toHaveAttribute('data-report-state', 'sent');
  // The service's own status at once, never "Sent: status not known yet".
  await expect(popup.locator('.report-result .status')).toContainText('Pending review');
  await expect(popup.locator('.report-result .status')).not.toContainText('status not known yet');
  expect((await incidentFor(sandbox, address))!.status).toBe('pending_review');

  await optionsPage.open('reports');
  const page = optionsPage.page;
  const row = page.locator('.report-row', { hasText: 'status-at-once' });
  await expect(row.locator('.status-chip')).toHaveText('Pending review');
  // The Client column names the incident's client, not "—".
  await expect(row.locator('td').nth(3)).toHaveText('Acme Holdings');
  await expect(page.getByText(/Next refresh at \d/)).toBeVisible();
});
