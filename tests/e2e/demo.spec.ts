import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test, expect } from '@playwright/test';

const run = promisify(execFile);

// Guards the README's `npm start` path where there is no display: it must
// connect the extension to the sandbox and leave screenshots behind.
test('npm start, headless, connects the extension and saves screenshots', async () => {
  const shots = mkdtempSync(path.join(tmpdir(), 'demo-shots-'));
  const { stdout } = await run(process.execPath, ['tests/demo/start.ts', '--headless'], {
    env: { ...process.env, SANDBOX_PORT: '0', DEMO_SHOTS_DIR: shots },
    timeout: 25_000,
  });
  expect(stdout).toMatch(/Sandbox service: http:\/\/127\.0\.0\.1:\d+/);
  expect(stdout).toContain('sbx_managed_demo_0001');
  expect(stdout).toMatch(/Extension connected to http:\/\/127\.0\.0\.1:\d+/);
  for (const name of ['options.png', 'popup.png']) {
    const file = path.join(shots, name);
    expect(existsSync(file), `${name} was saved`).toBe(true);
    expect(statSync(file).size).toBeGreaterThan(5_000);
  }
});
