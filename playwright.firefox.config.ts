import { defineConfig } from '@playwright/test';

// The Firefox suite (`npm run test:firefox`): Playwright runs the tests, puppeteer-core drives Firefox over
// WebDriver BiDi (Playwright's own Firefox cannot load extensions). docs/firefox.md says what it covers.
export default defineConfig({
  testDir: 'tests/firefox',
  outputDir: 'test-results/firefox',
  workers: process.env.CI ? 2 : undefined,
  fullyParallel: true,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
});
