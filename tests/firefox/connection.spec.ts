import { test, expect, PRODUCTION_BUILD } from './fixtures.ts';
import { clickButton, fill, textOf, valueOf } from './dom.ts';
import type { Page } from 'puppeteer-core';

// The build users install: no origin is granted until the options page asks for the service's, on the Save click.
test.use({ build: PRODUCTION_BUILD });

async function grantedOrigins(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await browser.permissions.getAll()).origins ?? []);
}

async function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(async () => Object.keys(await browser.storage.local.get(null)));
}

declare const browser: { permissions: { getAll(): Promise<{ origins?: string[] }> }; storage: { local: { get(keys: null): Promise<Record<string, unknown>> } } };

test('connect: a wrong key is refused on its field and saves nothing; the right key asks for the origin, verifies and lists the clients; forget removes it', async ({ extension, sandbox }) => {
  const options = await extension.open('options.html');
  await options.waitForSelector('[data-state]');
  expect(await textOf(options, '[role="status"]')).toContain('Not connected yet');
  expect(await grantedOrigins(options)).toEqual([]);

  // A wrong key: the error sits on the key field, focused; what the user typed stays to correct.
  await fill(options, 'Service URL', sandbox.baseUrl);
  await fill(options, 'API key', 'sbx_wrong_key_9999');
  await clickButton(options, 'Save and verify');
  await options.waitForSelector('form[aria-busy="false"] .field [role="alert"]');
  expect(await textOf(options, '.field:has(#api-key) [role="alert"], .field:has(input[type="password"]) [role="alert"]')).toBe(
    `${sandbox.baseUrl} rejected this API key. Check that you copied the whole key and that it is still active.`,
  );
  expect(await options.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
  expect(await options.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('password');
  expect(await valueOf(options, 'Service URL')).toBe(sandbox.baseUrl);
  expect(await storedKeys(options)).toEqual([]);
  // The Save click (a trusted one) asked for the service's origin, and Firefox granted it without a prompt.
  expect(await grantedOrigins(options)).toEqual(['http://127.0.0.1/*']);

  // The right key: verified with whoami, the clients listed, the key never shown back.
  await fill(options, 'API key', sandbox.keys.managed);
  await clickButton(options, 'Save and verify');
  await options.waitForSelector('[data-state="connected"]');
  await expect.poll(() => textOf(options, '[role="status"]')).toContain(`Connected to ${sandbox.baseUrl}`);
  expect(await textOf(options, '[role="status"]')).toContain(`••••${sandbox.keys.managed.slice(-4)}`);
  await expect.poll(() => textOf(options, '[aria-label="Clients this key reports for"]')).toMatch(/Acme Holdings.*Acme Bank.*Acme Travel/s);
  expect(await valueOf(options, 'API key')).toBe('');
  expect(await options.content()).not.toContain(sandbox.keys.managed);

  // The popup sees it.
  const popup = await extension.open('popup.html');
  await popup.waitForSelector('[data-state="connected"]');
  await expect.poll(() => textOf(popup, 'body')).toContain('Reporting for');

  // Forget: confirmed, the key gone from storage, the page back to its first state.
  options.once('dialog', (dialog) => void dialog.accept());
  await options.bringToFront();
  await clickButton(options, 'Forget this connection');
  await expect.poll(() => textOf(options, '[role="status"]')).toContain('Not connected yet');
  expect(await storedKeys(options)).toEqual([]);
});
