import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { test, expect, SANDBOX_BUILD, type Extension } from './fixtures.ts';
import { click, control, field, fill, find, textOf, valueOf } from './dom.ts';
import { connect, extensionStorage } from './steps.ts';
import { showSection } from './options-steps.ts';
import { download } from './review-steps.ts';
import { BACKUP_SUBJECTS, seedBackupReports } from '../support/backup-history.ts';
import { storedWebhooks } from '../e2e/reporting-helpers.ts';
import { startReceiver, type Received } from '../sandbox/test-receiver.ts';

// The options page's backup (export to a file, import into a fresh install)
// and webhooks (a subscription, its signed delivery verified, deleted) in Firefox.

const SUBJECTS = BACKUP_SUBJECTS;

/** Writes three reports of the history (and a draft, never exported) straight into the extension's database. */
async function seedReports(page: Page): Promise<void> {
  await page.evaluate(seedBackupReports, SUBJECTS);
}

/** The ids of the reports in the extension's database. */
function storedReportIds(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve) => (indexedDB.open('takedown-reporter').onsuccess = (event) => resolve((event.target as IDBOpenDBRequest).result)));
    const ids = db.objectStoreNames.contains('reports') ? db.transaction('reports').objectStore('reports').getAllKeys() : null;
    const keys = ids ? await new Promise<IDBValidKey[]>((resolve) => (ids.onsuccess = () => resolve(ids.result))) : [];
    db.close();
    return keys.map(String).sort();
  });
}

/** Uninstalls the extension and installs it again: a fresh install, with nothing of the last one (its pages must be closed first). */
async function reinstall(extension: Extension): Promise<void> {
  const manifest = JSON.parse(readFileSync(path.join(SANDBOX_BUILD, 'manifest.json'), 'utf8')) as { browser_specific_settings: { gecko: { id: string } } };
  await extension.browser.uninstallExtension(manifest.browser_specific_settings.gecko.id);
  await extension.browser.installExtension(SANDBOX_BUILD);
}

/** Each row of the import preview's table: the setting, its value now, its value after the import. */
function previewRows(page: Page): Promise<string[][]> {
  return page.evaluate(() => [...document.querySelectorAll('.backup-changes tbody tr')].map((row) => [...row.children].map((cell) => (cell.textContent ?? '').trim())));
}

/** A page's text, or '' while it reloads. */
function pageText(page: Page, selector: string): Promise<string> {
  return textOf(page, selector).catch(() => '');
}

test('export to a file, then import it into a fresh install: a preview first, then the settings and history come back, never the key', async ({ extension, sandbox, downloads }) => {
  const options = await connect(extension, sandbox);
  await seedReports(options);
  await showSection(options, 'reporting');
  await fill(options, 'Your email, for status updates', 'soc@acme.example');
  await fill(options, 'Check statuses every (minutes)', '60');
  await click(options, 'Save settings');
  await expect.poll(() => textOf(options, '.settings-form [role="status"]')).toBe('Settings saved.');

  // Export: a real download, the file read where Firefox saved it.
  await showSection(options, 'backup');
  const text = await download(downloads, /^takedown-reporter-backup-\d{4}-\d{2}-\d{2}( ?\(\d+\))?\.json$/, () => click(options, 'Export settings and history'));
  await expect.poll(() => textOf(options, '.backup > p.backup-summary')).toMatch(/^Saved takedown-reporter-backup-\d{4}-\d{2}-\d{2}\.json with your settings and 3 reports\.$/);
  const fileName = (await textOf(options, '.backup > p.backup-summary')).split(' ')[1]!;
  expect(text).not.toContain(sandbox.keys.managed);
  expect(text).not.toMatch(/apiKey|keyHint/);
  const backup = JSON.parse(text) as { format: string; settings: Record<string, unknown>; reports: { id: string; files: unknown[] }[] };
  expect(backup.format).toBe('takedown-reporter-backup');
  expect(backup.settings).toMatchObject({ reporterEmail: 'soc@acme.example', refreshMinutes: 60 });
  expect(backup.reports.map((report) => report.id).sort()).toEqual(['r-failed', 'r-sending', 'r-sent']);
  expect(backup.reports.find((report) => report.id === 'r-sent')!.files).toEqual([{ name: 'screenshot.png', type: 'image/png', role: 'screenshot', size: 4 }]);

  // A fresh install: uninstalled (its pages closed first) and installed again; nothing of the first one is left.
  await options.close();
  await reinstall(extension);
  const fresh = await extension.open('options.html#backup');
  expect(await extensionStorage(fresh)).not.toHaveProperty('settings');
  expect(await extensionStorage(fresh)).not.toHaveProperty('connection');
  expect(await storedReportIds(fresh)).toEqual([]);

  // Import: the file the user picks, a preview of what it changes, nothing written until Apply.
  const file = path.join(test.info().outputDir, fileName);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  await (await field(fresh, 'Import settings and history…')).uploadFile(file);
  await find(fresh, '.backup-preview');
  expect(await previewRows(fresh)).toEqual([
    ['Your email, for status updates', '(none)', 'soc@acme.example'],
    // The exporting install's country came from its browser (en-US); the file carries it as set.
    ['Default country for phone numbers', '(none)', 'US'],
    ['Check statuses every (minutes)', '15', '60'],
  ]);
  expect(await textOf(fresh, '.backup-preview')).toContain('The file brings 3 reports: 3 new, 0 already in this browser (left as they are).');
  expect(await extensionStorage(fresh)).not.toHaveProperty('settings');
  expect(await storedReportIds(fresh)).toEqual([]);

  // Apply: the settings replaced (the page reloads to show them), the reports added.
  await click(fresh, 'Apply these changes');
  await expect.poll(() => pageText(fresh, '#backup-import-outcome')).toBe('Settings applied.3 reports added.');
  expect(await fresh.evaluate(() => document.activeElement?.id)).toBe('backup-file');
  expect((await extensionStorage(fresh)).settings).toMatchObject({ reporterEmail: 'soc@acme.example', refreshMinutes: 60 });
  expect(await storedReportIds(fresh)).toEqual(['r-failed', 'r-sending', 'r-sent']);
  await showSection(fresh, 'reporting');
  expect(await valueOf(fresh, 'Your email, for status updates')).toBe('soc@acme.example');
  expect(await valueOf(fresh, 'Check statuses every (minutes)')).toBe('60');
  // The reports show without a connection, below the call to connect; caught while sending, one waits for the user.
  await showSection(fresh, 'reports');
  await find(fresh, '#my-reports tr.report-row');
  const row = (id: string) => textOf(fresh, `#report-${id}`);
  expect(await row('r-sent')).toContain(SUBJECTS[0]!);
  expect(await row('r-sent')).toContain('evidence deleted');
  expect(await row('r-failed')).toContain(SUBJECTS[1]!);
  expect(await row('r-sending')).toContain('Maybe sent: not confirmed');
  await control(fresh, 'Connect first');
  // Nothing of the connection came with the file.
  expect(Object.keys(await extensionStorage(fresh))).not.toContain('apiKey');
});

/** The facts shown for one subscription (State, Client, Last delivery…), by its delivery URL. */
function factsOf(page: Page, url: string): Promise<Record<string, string>> {
  return page.evaluate((deliveryUrl) => {
    const item = [...document.querySelectorAll('li.webhook-item')].find((candidate) => candidate.querySelector('.webhook-url')?.textContent === deliveryUrl);
    return Object.fromEntries([...(item?.querySelectorAll('.fact') ?? [])].map((fact) => [fact.querySelector('dt')?.textContent ?? '', fact.querySelector('dd')?.textContent ?? '']));
  }, url);
}

function header(delivery: Received, name: string): string {
  const value = delivery.headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

test('webhooks: a subscription for a sub-client, its secret shown once, a signed test delivery verified, then deleted', async ({ extension, sandbox }) => {
  const receiver = await startReceiver();
  try {
    const options = await connect(extension, sandbox);
    await showSection(options, 'webhooks');
    const seed = 'https://hooks.acme.example/takedown-events';
    await find(options, '.webhook-list');
    expect(await factsOf(options, seed)).toMatchObject({ State: 'Inactive: no events are delivered' });

    // Create, for a sub-client, delivering to the local receiver.
    await fill(options, 'Client', 'cl_acme_bank');
    await fill(options, 'Delivery URL', receiver.url);
    await fill(options, 'Description (optional)', 'SOC queue');
    await click(options, 'Create subscription');
    await expect.poll(() => textOf(options, '.webhook-created [role="status"]')).toBe(`Subscription to ${receiver.url} created.`);
    const secret = await valueOf(options, 'Signing secret (shown once)');
    expect(await textOf(options, '.webhook-created .secret-warning')).toMatch(/^Store this secret now: it will not be shown again\. The extension does not keep it\./);
    const created = (await storedWebhooks(sandbox)).find((stored) => stored.url === receiver.url)!;
    expect(created).toMatchObject({ clientId: 'cl_acme_bank', secret, active: true, description: 'SOC queue' });
    expect(created.events).toHaveLength(6);
    expect(JSON.stringify(await extensionStorage(options))).not.toContain(secret);
    // Copied with the button (a real click: Firefox lets a page write the clipboard only on one), then stored: it goes from the page.
    await click(options, 'Copy secret');
    await expect.poll(() => textOf(options, '.secret-panel [role="status"], .secret-panel [role="alert"]')).toBe('Copied to the clipboard.');
    await click(options, 'I have stored it');
    await expect.poll(() => options.evaluate(() => document.querySelector('.secret-value') === null)).toBe(true);
    expect(await options.content()).not.toContain(secret);
    await expect.poll(() => factsOf(options, receiver.url)).toMatchObject({ Client: 'Acme Bank (cl_acme_bank)', Description: 'SOC queue', 'Last delivery': 'No delivery reported yet.' });

    // A test event reaches the receiver, signed as the spec says: HMAC-SHA256 of "<timestamp>.<raw body>" with the secret.
    await click(options, `Send test event: ${receiver.url}`);
    await expect
      .poll(() => textOf(options, `li.webhook-item[data-webhook="${created.id}"] [role="status"]`))
      .toMatch(new RegExp(`^Test event sent: the service posts a webhook\\.test event to ${receiver.url.replace(/[.]/g, '\\.')}\\. Check your receiver, then refresh to see the delivery status\\.`));
    await expect.poll(() => receiver.received.length).toBe(1);
    const delivery = receiver.received[0]!;
    const timestamp = header(delivery, 'x-service-timestamp');
    const signature = header(delivery, 'x-service-signature');
    expect(header(delivery, 'x-service-event')).toBe('webhook.test');
    expect(signature).toBe(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.rawBody}`).digest('hex')}`);
    expect(JSON.parse(delivery.rawBody)).toMatchObject({ event: 'webhook.test', data: { subscriptionId: created.id, clientId: 'cl_acme_bank' } });
    await click(options, 'Refresh the subscriptions');
    await expect.poll(() => factsOf(options, receiver.url)).toMatchObject({ 'Last delivery': 'success (as the service reports it)' });

    // "Verify a delivery", in the page (Firefox's WebCrypto): valid as received, not once tampered.
    await fill(options, 'Raw request body', delivery.rawBody);
    await fill(options, 'X-Service-Timestamp header', timestamp);
    await fill(options, 'X-Service-Signature header', signature);
    await fill(options, 'Secret to verify with', secret);
    await click(options, 'Verify signature');
    await expect.poll(() => textOf(options, '.verify-result')).toMatch(/^Valid: the signature matches this secret, and the timestamp is \d+ seconds? from this computer's clock/);
    await fill(options, 'Raw request body', delivery.rawBody.replace('webhook.test', 'webhook.tesT'));
    await click(options, 'Verify signature');
    await expect.poll(() => textOf(options, '.verify-result[role="alert"]')).toMatch(/^Not valid: the signature does not match\. Either the secret is another one/);

    // Delete, once confirmed.
    let asked = '';
    options.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await click(options, `Delete: ${receiver.url}`);
    await expect.poll(() => textOf(options, '#webhooks-deleted')).toBe(`The subscription to ${receiver.url} was deleted.`);
    expect(asked).toBe(`Delete the subscription to ${receiver.url}? The service stops sending it events at once. This cannot be undone.`);
    expect(await factsOf(options, receiver.url)).toEqual({});
    expect((await storedWebhooks(sandbox)).map((stored) => stored.url)).toEqual([seed]);
  } finally {
    await receiver.close();
  }
});
