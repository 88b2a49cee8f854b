import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  // One browser per worker, the extension installed afresh for each test (tests/e2e/fixtures.ts); two cores on CI.
  workers: process.env.CI ? 2 : undefined,
  fullyParallel: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A trace costs about a seventh of the run's CPU; CI keeps only its printed output, so it records none.
  use: { trace: process.env.CI ? 'off' : 'retain-on-failure' },
  // After a run with the whole fault matrix: docs/reliability.md must show what it found.
  globalTeardown: './tests/support/fault-matrix-teardown.ts',
});
