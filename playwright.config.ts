import { defineConfig } from '@playwright/test';

/** The fault matrix: two long runs that mostly wait out the sandbox build's timeouts (about a sixth of a core). */
const FAULT_MATRIX = /fault-matrix\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  // One browser per worker, the extension installed once and cleared between tests (tests/e2e/fixtures.ts).
  // On CI's two cores: two workers for the tests that need the CPU, and a third for the fault matrix beside them.
  workers: process.env.CI ? 3 : undefined,
  fullyParallel: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A trace costs about a seventh of the run's CPU; CI keeps only its printed output, so it records none.
  use: { trace: process.env.CI ? 'off' : 'retain-on-failure' },
  projects: [
    { name: 'chromium', testIgnore: FAULT_MATRIX, ...(process.env.CI ? { workers: 2 } : {}) },
    { name: 'fault-matrix', testMatch: FAULT_MATRIX, workers: 1 },
  ],
  // After a run with the whole fault matrix: docs/reliability.md must show what it found.
  globalTeardown: './tests/support/fault-matrix-teardown.ts',
});
