import type { Download, Page } from '@playwright/test';
import { test, expect, readExtensionStorage } from './fixtures.ts';
import { connect } from './reporting-helpers.ts';
import { BACKUP_SUBJECTS, seedBackupReports } from '../support/backup-history.ts';

// Export of the settings and report history to a file, and import of it into
// a profile that has neither: the key never travels, the history comes back.

const SUBJECTS = BACKUP_SUBJECTS;

/** Writes three reports of the history (and a draft, never exported) straight into the extension's database. */
async function seedReports(page: Page): Promise<void> {
  await page.evaluate(seedBackupReports, SUBJECTS);
}

/** Forgets everything this profile holds: key, connection, settings and the report history. */
async function wipeProfile(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const chrome = (globalThis as unknown as { chrome: { storage: { local: { clear(): Promise<void> } } } }).chrome;
    await chrome.storage.local.clear();
    const db = await new Promise<IDBDatabase>((resolve) => (indexedDB.open('takedown-reporter').onsuccess = (event) => resolve((event.target as IDBOpenDBRequest).result)));
    const transaction = db.transaction(['reports', 'incidents'], 'readwrite');
    transaction.objectStore('reports').clear();
    transaction.objectStore('incidents').clear();
    await new Promise((resolve) => (transaction.oncomplete = resolve));
    db.close();
  });
}

async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function importInput(page: Page) {
  return page.getByLabel('Import settings and history…');
}

test('export, then import into a fresh profile: settings and history come back, the key never leaves', async ({ context, extensionId, sandbox, optionsPage, serviceWorker }) => {
  // Two page reloads, an export, a wipe and two imports: near the default limit on a busy machine.
  test.slow();
  await connect(context, extensionId, sandbox);
  const { page } = optionsPage;
  await optionsPage.open();
  await seedReports(page);
  await page.reload();
  await optionsPage.show('reporting');
  await page.getByLabel('Your email, for status updates').fill('soc@acme.example');
  await page.getByLabel('Check statuses every (minutes)').fill('60');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();

  await optionsPage.show('backup');
  const started = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export settings and history' }).click();
  const download = await started;
  expect(download.suggestedFilename()).toMatch(/^takedown-reporter-backup-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await downloadedText(download);
  await expect(page.getByText(`Saved ${download.suggestedFilename()} with your settings and 3 reports.`)).toBeVisible();
  expect(text).not.toContain(sandbox.keys.managed);
  expect(text).not.toMatch(/apiKey|keyHint/);
  const backup = JSON.parse(text) as { format: string; settings: Record<string, unknown>; reports: { id: string; files: unknown[] }[] };
  expect(backup.format).toBe('takedown-reporter-backup');
  expect(backup.settings).toMatchObject({ reporterEmail: 'soc@acme.example', refreshMinutes: 60 });
  expect(backup.reports.map((report) => report.id).sort()).toEqual(['r-failed', 'r-sending', 'r-sent']);
  expect(backup.reports.find((report) => report.id === 'r-sent')!.files).toEqual([{ name: 'screenshot.png', type: 'image/png', role: 'screenshot', size: 4 }]);

  await wipeProfile(page);
  await page.reload();
  await optionsPage.show('connection');
  await expect(optionsPage.status).toContainText('Not connected yet');
  await optionsPage.show('reporting');
  await expect(page.getByLabel('Your email, for status updates')).toHaveValue('');
  // No reports and no connection: My reports says what it will hold, and no table.
  await optionsPage.show('reports');
  await expect(page.getByText(/every report you make from this browser is listed here/)).toBeVisible();
  await expect(page.locator('#my-reports')).toHaveCount(0);

  await optionsPage.show('backup');
  await importInput(page).setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(text) });
  const preview = page.getByRole('region', { name: 'What this file changes' });
  await expect(preview.locator('tr', { hasText: 'Your email, for status updates' })).toContainText('(none)soc@acme.example');
  await expect(preview).toContainText('The file brings 3 reports: 3 new, 0 already in this browser');
  await preview.getByRole('button', { name: 'Apply these changes' }).click();
  // Settings replaced: the page reloads so the form shows them, and says what was done.
  const outcome = page.locator('#backup-import-outcome');
  await expect(outcome).toContainText('Settings applied.');
  await expect(outcome).toContainText('3 reports added.');
  await expect(importInput(page)).toBeFocused();
  await optionsPage.show('reporting');
  await expect(page.getByLabel('Your email, for status updates')).toHaveValue('soc@acme.example');
  await expect(page.getByLabel('Check statuses every (minutes)')).toHaveValue('60');
  // The imported reports show without a connection, below the call to connect.
  await optionsPage.show('reports');
  const table = page.locator('#my-reports');
  for (const subject of SUBJECTS) await expect(table.getByText(subject)).toBeVisible();
  // Caught while sending: it may have arrived, so it waits for the user.
  await expect(table.locator('tr', { hasText: SUBJECTS[2]! })).toContainText('Maybe sent: not confirmed');
  await expect(table.locator('tr', { hasText: SUBJECTS[0]! })).toContainText('evidence deleted');
  await expect(page.getByRole('link', { name: 'Connect first' })).toBeVisible();
  // Nothing of the connection came with the file.
  await optionsPage.show('connection');
  await expect(optionsPage.status).toContainText('Not connected yet');
  expect(Object.keys(await readExtensionStorage(serviceWorker))).not.toContain('apiKey');

  // The same file again: everything is already here.
  await optionsPage.show('backup');
  await importInput(page).setInputFiles({ name: 'again.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  // Nothing would change: no preview to answer, the outcome at once.
  await expect(outcome).toContainText('No reports added.');
  await expect(outcome).toContainText('3 reports were already here and were left as they are.');
});

test('a broken file: each problem said on its own, the rest imported, a key never read', async ({ optionsPage, serviceWorker }) => {
  const { page } = optionsPage;
  await optionsPage.open('backup');
  const input = importInput(page);
  const outcome = page.locator('#backup-import-outcome');
  const problems = page.getByRole('list', { name: 'Problems found in the file' }).getByRole('listitem');

  await input.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('not json at all') });
  await expect(outcome).toContainText('Nothing was imported.');
  await expect(problems).toHaveText(['This file is not a backup: it is not JSON. Choose a file made with “Export settings and history”.']);
  await expect(input).toHaveAttribute('aria-describedby', /backup-import-outcome/);

  const broken = {
    format: 'takedown-reporter-backup',
    version: 1,
    apiKey: 'sbx_should_never_be_read',
    settings: { refreshMinutes: 2 },
    reports: [
      {
        id: 'ok',
        createdAt: '2026-11-22T10:00:00.000Z',
        updatedAt: '2026-11-22T10:01:00.000Z',
        state: 'sent',
        action: 'tkd',
        origin: 'popup',
        attempts: 1,
        subject: { type: 'domain', value: 'kit-host.example' },
        fields: { url: 'kit-host.example' },
        files: [],
        incident: { id: 'inc_9', dashboardUrl: 'javascript:alert(1)' },
      },
      {
        id: 'bad',
        createdAt: 'yesterday',
        updatedAt: '2026-11-22T10:01:00.000Z',
        state: 'sent',
        action: 'tkd',
        origin: 'popup',
        attempts: 1,
        subject: { type: 'url', value: 'https://bad-date.example/' },
        fields: {},
        files: [],
      },
    ],
  };
  await input.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
  // The preview names the file's problems before anything is written.
  const preview = page.getByRole('region', { name: 'What this file changes' });
  await expect(preview.getByRole('listitem').first()).toContainText('The file contains an API key');
  await preview.getByRole('button', { name: 'Apply these changes' }).click();
  await expect(outcome).toContainText('Settings not changed.');
  await expect(outcome).toContainText('1 report added.');
  await expect(problems).toHaveText([
    'The file contains an API key (at “apiKey”). It was ignored: keys are never imported. Remove it from the file, and connect with the key above.',
    'The setting “Check statuses every (minutes)” (refreshMinutes) in the file is not valid, so your current value is kept.',
    'Report 1 (kit-host.example) was imported without its “incident.dashboardUrl”, which is not valid in the file.',
    'Report 2 (https://bad-date.example/) was not imported: “createdAt” is missing or not valid.',
  ]);
  await optionsPage.show('reports');
  await expect(page.locator('#my-reports').getByText('kit-host.example')).toBeVisible();
  await expect(page.locator('#my-reports').getByText('bad-date.example')).toHaveCount(0);
  const stored = await readExtensionStorage(serviceWorker);
  expect(JSON.stringify(stored)).not.toContain('sbx_should_never_be_read');
});

/** A report as the extension's database holds it, read from a page of the extension. */
async function storedReport(page: Page, id: string): Promise<Record<string, any> | undefined> {
  return page.evaluate(async (reportId) => {
    const db = await new Promise<IDBDatabase>((resolve) => (indexedDB.open('takedown-reporter').onsuccess = (event) => resolve((event.target as IDBOpenDBRequest).result)));
    const request = db.transaction('reports').objectStore('reports').get(reportId);
    const found = await new Promise((resolve) => (request.onsuccess = () => resolve(request.result)));
    db.close();
    return found as Record<string, any> | undefined;
  }, id);
}

test('an import says what it changes first: Cancel writes nothing, Apply writes it; foreign dashboard links left out', async ({ context, extensionId, sandbox, optionsPage, serviceWorker }) => {
  await connect(context, extensionId, sandbox);
  const { page } = optionsPage;
  await optionsPage.open('reporting');
  const email = page.getByLabel('Your email, for status updates');
  await email.fill('soc@acme.example');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await optionsPage.show('backup');

  const host = new URL(sandbox.baseUrl).hostname;
  const at = '2026-11-22T10:00:00.000Z';
  const report = (id: string, dashboardUrl: string) => ({
    id,
    createdAt: at,
    updatedAt: at,
    state: 'sent',
    action: 'tkd',
    origin: 'popup',
    attempts: 1,
    subject: { type: 'domain', value: `${id}.example` },
    fields: { url: `${id}.example` },
    files: [],
    incident: { id: `inc_${id}`, dashboardUrl },
  });
  const file = Buffer.from(
    JSON.stringify({
      format: 'takedown-reporter-backup',
      version: 1,
      exportedAt: at,
      extensionVersion: '0.1.0',
      settings: { reporterEmail: 'attacker@evil.example', confirmBeforeSend: true },
      reports: [report('ours', `${sandbox.baseUrl}/dashboard/inc_ours`), report('theirs', 'https://evil.example/dashboard/inc_theirs')],
    }),
  );
  const input = importInput(page);
  const preview = page.getByRole('region', { name: 'What this file changes' });

  await input.setInputFiles({ name: 'from-someone.json', mimeType: 'application/json', buffer: file });
  await expect(preview.getByRole('heading', { name: 'What this file changes' })).toBeFocused();
  await expect(preview.locator('tr', { hasText: 'Your email, for status updates' }).locator('td')).toHaveText(['soc@acme.example', 'attacker@evil.example']);
  await expect(preview.locator('tr', { hasText: 'Confirm before sending' }).locator('td')).toHaveText(['No', 'Yes']);
  await expect(preview).toContainText('The file brings 2 reports: 2 new, 0 already in this browser');
  await expect(preview).toContainText(`1 dashboard link not under ${host} was left out`);

  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(preview).toHaveCount(0);
  await expect(input).toBeFocused();
  await expect(page.locator('#backup-import-outcome')).toContainText('Import cancelled: nothing changed.');
  await optionsPage.show('reporting');
  await expect(email).toHaveValue('soc@acme.example');
  expect((await readExtensionStorage(serviceWorker)).settings).toMatchObject({ reporterEmail: 'soc@acme.example', confirmBeforeSend: false });
  expect(await storedReport(page, 'ours')).toBeUndefined();

  await optionsPage.show('backup');
  await input.setInputFiles({ name: 'from-someone.json', mimeType: 'application/json', buffer: file });
  await preview.getByRole('button', { name: 'Apply these changes' }).click();
  const outcome = page.locator('#backup-import-outcome');
  await expect(outcome).toContainText('Settings applied.');
  await expect(outcome).toContainText('2 reports added.');
  await optionsPage.show('reporting');
  await expect(email).toHaveValue('attacker@evil.example');
  expect((await readExtensionStorage(serviceWorker)).settings).toMatchObject({ reporterEmail: 'attacker@evil.example', confirmBeforeSend: true });
  expect((await storedReport(page, 'ours'))?.incident).toEqual({ id: 'inc_ours', dashboardUrl: `${sandbox.baseUrl}/dashboard/inc_ours` });
  expect((await storedReport(page, 'theirs'))?.incident).toEqual({ id: 'inc_theirs' });
});

test('a setting the organisation sets is listed as kept and not changed by an import', async ({ optionsPage, serviceWorker }) => {
  // The background's copy of a policy that sets the reporter email (managed.spec.ts covers the policy itself).
  await serviceWorker.evaluate(async () => {
    const { chrome, takedownReporterTest } = globalThis as unknown as {
      chrome: { storage: { local: { set(items: object): Promise<void> } } };
      takedownReporterTest: { policyMirrored(): Promise<void> };
    };
    // After the background's own copy (none: no policy), or it would overwrite this one.
    await takedownReporterTest.policyMirrored();
    await chrome.storage.local.set({ managedView: { settings: { reporterEmail: 'soc@org.example' }, evidence: {}, hasApiKey: false } });
  });
  const { page } = optionsPage;
  await optionsPage.open('backup');
  const file = { format: 'takedown-reporter-backup', version: 1, settings: { reporterEmail: 'attacker@evil.example', refreshMinutes: 60 }, reports: [] };
  await importInput(page).setInputFiles({ name: 'locked.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  const preview = page.getByRole('region', { name: 'What this file changes' });
  await expect(preview.getByRole('list', { name: 'Settings kept as they are' })).toHaveText('Your email, for status updates: kept: set by your organisation');
  await expect(preview.locator('tbody tr')).toHaveCount(1);
  await expect(preview.locator('tbody tr').locator('td')).toHaveText(['15', '60']);
  await preview.getByRole('button', { name: 'Apply these changes' }).click();
  await expect(page.locator('#backup-import-outcome')).toContainText('Settings applied.');
  const settings = (await readExtensionStorage(serviceWorker)).settings as Record<string, unknown>;
  expect(settings).toMatchObject({ refreshMinutes: 60, reporterEmail: '' });
});
