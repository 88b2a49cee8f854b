import { cpSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { EXTENSION_DIR } from './fixtures.ts';
import { chromiumArgs, findChromium } from '../support/chromium.ts';

// A part of a page loaded after it shows (components/ui/lazy.tsx) whose file
// is gone, as when the extension was updated while the page stayed open: the
// part says so and offers to reload the page, instead of loading for ever.
// The build is a copy of this test's own, so no other test misses the file.

test('a part of the options page whose file is gone says so, and Reload the page brings it back', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'takedown-reporter-lazy-'));
  cpSync(EXTENSION_DIR, dir, { recursive: true });
  const chunk = path.join(
    dir,
    'chunks',
    readdirSync(path.join(dir, 'chunks')).find((name) => name.startsWith('settings-form-'))!,
  );
  const context = await chromium.launchPersistentContext('', { headless: true, executablePath: findChromium(), args: chromiumArgs(dir) });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const options = await context.newPage();
    await options.goto(`chrome-extension://${new URL(worker.url()).host}/options.html#connection`);
    await expect(options.getByRole('heading', { name: 'Connection', level: 2 })).toBeVisible();

    // The settings form's code is loaded when its section is first shown: the file is gone by then.
    renameSync(chunk, `${chunk}.gone`);
    await options.getByRole('link', { name: 'Reporting and evidence' }).click();
    const problem = options.locator('#section-reporting p.problem');
    await expect(problem).toHaveText('This part of the page could not be loaded, most likely because the extension was updated since the page opened. Reload the page. Reload the page');
    await expect(problem).toHaveAttribute('role', 'alert');
    await expect(options.locator('#section-reporting .status-pending')).toHaveCount(0);

    renameSync(`${chunk}.gone`, chunk);
    await problem.getByRole('button', { name: 'Reload the page' }).click();
    await expect(options.getByRole('button', { name: 'Save settings' })).toBeVisible();
    await expect(options.locator('p.problem')).toHaveCount(0);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
