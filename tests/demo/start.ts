/**
 * `npm start`: the local sandbox service plus a Chromium with the freshly
 * built extension (`npm run build:sandbox`), already connected to the sandbox
 * through its own options page. Where no display is available, or with
 * `--headless`, it saves screenshots of the options page and popup instead.
 */
import { chromium, type BrowserContext } from '@playwright/test';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromiumArgs, findChromium } from '../support/chromium.ts';
import { startSandbox } from '../sandbox/server.ts';

const EXTENSION_DIR = path.resolve('.output/chrome-mv3-sandbox');
const SHOTS_DIR = path.resolve(process.env.DEMO_SHOTS_DIR ?? '.demo');
const port = Number(process.env.SANDBOX_PORT ?? 8787);
const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const headless = process.argv.includes('--headless') || !hasDisplay;

if (!existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) {
  console.error('No sandbox build found. Run: npm run build:sandbox');
  process.exit(1);
}

const sandbox = await startSandbox({ port, quiet: true });
console.log(`Sandbox service: ${sandbox.baseUrl}`);
console.log(`  managed key (Acme Holdings + sub-clients): ${sandbox.keys.managed}`);
console.log(`  single-client key (Globex Corporation):    ${sandbox.keys.single}`);
if (!hasDisplay && !process.argv.includes('--headless')) {
  console.log('\nNo display found (DISPLAY is not set): running headless and saving screenshots instead of opening a window.');
}

const context = await chromium.launchPersistentContext('', {
  headless,
  executablePath: findChromium(),
  args: chromiumArgs(EXTENSION_DIR),
  viewport: headless ? { width: 1000, height: 760 } : null,
});
const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
const extensionId = new URL(worker.url()).host;

await connectThroughOptionsPage(context, extensionId);

if (headless) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const options = context.pages().at(-1)!;
  await options.screenshot({ path: path.join(SHOTS_DIR, 'options.png'), fullPage: true });
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 360, height: 240 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.locator('[data-state="connected"]').waitFor();
  await popup.screenshot({ path: path.join(SHOTS_DIR, 'popup.png') });
  console.log(`\nScreenshots saved: ${path.join(SHOTS_DIR, 'options.png')} and ${path.join(SHOTS_DIR, 'popup.png')}`);
  await context.close();
  await sandbox.close();
} else {
  console.log('\nChromium is open with the extension connected to the sandbox. Close the browser or press Ctrl+C to stop.');
  const stop = async () => {
    await context.close().catch(() => {});
    await sandbox.close();
    process.exit(0);
  };
  context.on('close', stop);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Points the extension at the sandbox the way a user would: fill the options form and save. */
async function connectThroughOptionsPage(browserContext: BrowserContext, id: string): Promise<void> {
  const page = browserContext.pages()[0] ?? (await browserContext.newPage());
  await page.goto(`chrome-extension://${id}/options.html`);
  await page.getByLabel('Service URL').fill(sandbox.baseUrl);
  await page.getByLabel('API key').fill(sandbox.keys.managed);
  await page.getByRole('button', { name: 'Save and verify' }).click();
  await page.locator('[data-state="connected"]').waitFor({ timeout: 15_000 });
  console.log(`Extension connected to ${sandbox.baseUrl} (options page: chrome-extension://${id}/options.html)`);
}
