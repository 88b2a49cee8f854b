import type { KnipConfig } from 'knip';

// Unused files, exports and dependencies (npm run lint:unused).
// Most entry files come from knip's plugins, enabled by package.json:
// wxt (wxt.config.ts, entrypoints/**), vitest (vitest.config.ts and the test
// files it includes), playwright (playwright.config.ts and tests/e2e),
// stryker (stryker.config.mjs), dependency-cruiser (.dependency-cruiser.cjs),
// and the `node <file>.ts` scripts of package.json (tests/support, tests/sandbox,
// tests/demo, tests/bench). The @/ and #i18n aliases are read from tsconfig.json.
// Code used only by tests counts as used: the tests are entry files.
const config: KnipConfig = {
  // The Firefox suite's second Playwright config (npm run test:firefox, through tests/support/firefox-suite.ts).
  playwright: {
    config: ['playwright.config.ts', 'playwright.firefox.config.ts'],
    entry: ['tests/e2e/**/*.spec.ts', 'tests/firefox/**/*.spec.ts'],
  },
  vitest: {
    // stryker.config.mjs runs the unit tests through the second config.
    config: ['vitest.config.ts', 'vitest.mutation.config.ts'],
  },
  // The types of tests/support/node-version.mjs (plain JavaScript so that it runs on the
  // Node it refuses): TypeScript reads them for that file's imports, which knip does not follow.
  ignore: ['tests/support/node-version.d.mts'],
  // Bundled by tests/corpus/run.ts (npm run corpus) for its worker threads, by path.
  entry: ['tests/corpus/corpus-reader.ts'],
  // The stand-in Gmail of tests/e2e/webmail.spec.ts makes its throwaway certificate with the system's openssl;
  // tests/unit/support/release-checks.test.ts checks the release's SHA256SUMS with coreutils' sha256sum.
  ignoreBinaries: ['openssl', 'sha256sum'],
  ignoreDependencies: [
    // Named only in the JSDoc type of stryker.config.mjs; installed with @stryker-mutator/core.
    '@stryker-mutator/api',
  ],
};

export default config;
