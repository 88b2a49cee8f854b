import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  // One persistent browser per test; two cores on CI.
  workers: process.env.CI ? 2 : undefined,
  fullyParallel: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: { trace: 'retain-on-failure' },
  // After a run with the whole fault matrix: docs/reliability.md must show what it found.
  globalTeardown: './tests/support/fault-matrix-teardown.ts',
});
