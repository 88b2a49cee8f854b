import { chromium } from '@playwright/test';
import { createHash } from 'node:crypto';
import { accessSync, constants, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumArgs, findChromium } from '../support/chromium.ts';
import { EXTENSION_DIR, expect, test } from './fixtures.ts';
import { OptionsPage } from './pages/options-page.ts';
import type { Sandbox } from '../sandbox/server.ts';

// Managed deployment in a real browser: Chromium on Linux reads policy files
// from /etc/chromium/policies/managed, and hands an extension its
// `3rdparty.extensions.<id>` part through storage.managed. The extension is
// loaded from a copy in a fresh folder: an unpacked extension's id comes from
// its path, so the policy written for that id reaches this test alone.

const POLICY_DIR = '/etc/chromium/policies/managed';

/** Whether this machine lets the test install a browser policy (CI runs as root with Debian's Chromium). */
function canWritePolicy(): boolean {
  if (findChromium() !== '/usr/bin/chromium') return false;
  try {
    mkdirSync(POLICY_DIR, { recursive: true });
    accessSync(POLICY_DIR, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Chromium's id for an unpacked extension: SHA-256 of its path, first 32 hex digits written a–p. */
function unpackedExtensionId(dir: string): string {
  const hex = createHash('sha256').update(dir).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join('');
}

/** A copy of the built extension in a fresh folder, its id, and where its policy goes. */
function extensionCopy(): { dir: string; id: string; policyFile: string } {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'takedown-managed-')), 'extension');
  cpSync(EXTENSION_DIR, dir, { recursive: true });
  const id = unpackedExtensionId(dir);
  return { dir, id, policyFile: path.join(POLICY_DIR, `takedown-reporter-test-${id}.json`) };
}

/** Writes the policy Chromium hands the extension with this id. */
function writePolicy(file: string, id: string, policy: Record<string, unknown>): void {
  writeFileSync(file, JSON.stringify({ '3rdparty': { extensions: { [id]: policy } } }));
}

/** Requests that reached the service's API (the control routes left out). */
async function apiRequests(sandbox: Sandbox): Promise<{ method: string; path: string }[]> {
  const body = (await (await fetch(`${sandbox.baseUrl}/__sandbox/requests`)).json()) as { data: { method: string; path: string }[] };
  return body.data.filter((entry) => entry.path.startsWith('/v1/'));
}

test('a policy pre-sets the connection and settings, and the options page shows them locked', async ({ sandbox }) => {
  test.skip(!canWritePolicy(), `needs Debian's /usr/bin/chromium and write access to ${POLICY_DIR} (CI runs as root)`);
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'takedown-managed-')), 'extension');
  cpSync(EXTENSION_DIR, dir, { recursive: true });
  const id = unpackedExtensionId(dir);
  const policyFile = path.join(POLICY_DIR, `takedown-reporter-test-${id}.json`);
  writeFileSync(
    policyFile,
    JSON.stringify({
      '3rdparty': {
        extensions: {
          [id]: {
            managedBy: 'Acme Security, soc@acme.example',
            baseUrl: sandbox.baseUrl,
            apiKey: sandbox.keys.managed,
            defaultAction: 'monitor',
            refreshMinutes: 30,
            evidence: { pageSource: false },
            notifyStatuses: 'not a list',
          },
        },
      },
    }),
  );
  const context = await chromium.launchPersistentContext('', { headless: true, executablePath: findChromium(), args: chromiumArgs(dir) });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    expect(new URL(worker.url()).host).toBe(id);
    const options = new OptionsPage(await context.newPage(), id);
    await options.open();

    // The connection the policy names applies by itself, verified with the service.
    await expect(options.summary).toHaveAttribute('data-state', 'connected', { timeout: 15_000 });
    const page = options.page;
    await expect(page.getByRole('note')).toHaveText('Your organisation manages this extension (Acme Security, soc@acme.example). Settings it sets are locked.');
    await expect(options.baseUrl).toHaveValue(sandbox.baseUrl);
    await expect(options.baseUrl).toHaveJSProperty('readOnly', true);
    await expect(page.getByLabel('API key')).toHaveCount(0);
    await expect(page.getByText('The API key is set by your organisation')).toBeVisible();
    await expect(options.forgetButton).toHaveCount(0);

    // Settings it sets are applied and locked; the one of the wrong shape is ignored, the rest stay the user's.
    await options.show('reporting');
    await expect(page.getByLabel('Check statuses every (minutes)')).toHaveValue('30');
    await expect(page.getByLabel('Check statuses every (minutes)')).toBeDisabled();
    await expect(page.getByRole('radio', { name: 'Monitor' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Monitor' })).toBeDisabled();
    await expect(page.getByLabel('Page source (HTML)')).not.toBeChecked();
    await expect(page.getByLabel('Page source (HTML)')).toBeDisabled();
    await expect(page.getByLabel('Screenshot, stamped with address, time and reporter')).toBeEnabled();
    await expect(page.getByLabel('Approval required')).toBeEnabled();

    // Backup and policy lists what the policy sets, and nothing it ignored.
    await options.show('backup');
    const policy = page.getByRole('region', { name: "Your organisation's policy" });
    await expect(policy).toContainText('Your organisation manages this extension (Acme Security, soc@acme.example).');
    await expect(policy.locator('.fact')).toHaveText([
      `Service URL${sandbox.baseUrl}`,
      'API keySet by your organisation',
      'Default actionMonitor',
      'Check statuses every (minutes)30',
      'Page source by defaultNo',
    ]);

    // The key the policy set reached the background alone: no page-readable copy holds it.
    const stored = await worker.evaluate(() => (globalThis as unknown as { chrome: { storage: { local: { get(k: null): Promise<object> } } } }).chrome.storage.local.get(null));
    expect(JSON.stringify((stored as { managedView?: unknown }).managedView)).not.toContain(sandbox.keys.managed);
  } finally {
    await context.close();
    rmSync(policyFile, { force: true });
    rmSync(path.dirname(dir), { recursive: true, force: true });
  }
});

test('a policy key without a policy URL is sent nowhere, and the URL field says the policy is incomplete', async ({ sandbox }) => {
  test.skip(!canWritePolicy(), `needs Debian's /usr/bin/chromium and write access to ${POLICY_DIR} (CI runs as root)`);
  const { dir, id, policyFile } = extensionCopy();
  writePolicy(policyFile, id, { managedBy: 'Acme Security', apiKey: sandbox.keys.managed });
  const context = await chromium.launchPersistentContext('', { headless: true, executablePath: findChromium(), args: chromiumArgs(dir) });
  try {
    const options = new OptionsPage(await context.newPage(), id);
    await options.open();
    const incomplete = "Your organisation's policy sets an API key but no service URL, so nothing is sent. Ask your administrator to set baseUrl in the policy.";
    // Said before any attempt, on the field it concerns.
    await expect(options.page.locator('#baseUrl-error')).toHaveText(incomplete);
    await expect(options.baseUrl).toHaveAttribute('aria-invalid', 'true');

    // Typing an address and saving still sends the organisation's key nowhere.
    await options.baseUrl.fill(sandbox.baseUrl);
    await options.saveButton.click();
    await expect(options.page.locator('#baseUrl-error')).toHaveText(incomplete);
    await expect(options.summary).not.toHaveAttribute('data-state', 'connected');
    expect(await apiRequests(sandbox)).toEqual([]);
  } finally {
    await context.close();
    rmSync(policyFile, { force: true });
    rmSync(path.dirname(dir), { recursive: true, force: true });
  }
});

test('a key the policy no longer carries is gone from the extension when the browser next starts', async ({ sandbox }) => {
  test.skip(!canWritePolicy(), `needs Debian's /usr/bin/chromium and write access to ${POLICY_DIR} (CI runs as root)`);
  const { dir, id, policyFile } = extensionCopy();
  const profile = mkdtempSync(path.join(tmpdir(), 'takedown-managed-profile-'));
  const launch = () => chromium.launchPersistentContext(profile, { headless: true, executablePath: findChromium(), args: chromiumArgs(dir) });
  const storedText = async (context: Awaited<ReturnType<typeof launch>>) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    return JSON.stringify(
      await worker.evaluate(() => (globalThis as unknown as { chrome: { storage: Record<'local' | 'session', { get(k: null): Promise<object> }> } }).chrome.storage.local.get(null)),
    );
  };
  writePolicy(policyFile, id, { managedBy: 'Acme Security', baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.managed });
  try {
    let context = await launch();
    const options = new OptionsPage(await context.newPage(), id);
    await options.open();
    await expect(options.summary).toHaveAttribute('data-state', 'connected', { timeout: 15_000 });
    expect(await storedText(context)).toContain(sandbox.keys.managed);
    await context.close();

    // The administrator takes the key (and the URL) out of the policy.
    writePolicy(policyFile, id, { managedBy: 'Acme Security' });
    context = await launch();
    try {
      await expect.poll(() => storedText(context), { timeout: 15_000 }).not.toContain(sandbox.keys.managed);
      const again = new OptionsPage(await context.newPage(), id);
      await again.open();
      await expect(again.summary).toHaveAttribute('data-state', 'not_configured');
      await expect(again.apiKey).toBeVisible();
    } finally {
      await context.close();
    }
  } finally {
    rmSync(policyFile, { force: true });
    rmSync(path.dirname(dir), { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
});
