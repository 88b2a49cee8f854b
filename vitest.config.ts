import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/sandbox/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/unit/setup/i18n.ts', 'tests/unit/setup/fake-ports.ts', 'tests/unit/setup/fresh-file.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    testTimeout: 15_000,
    // Both cores (vitest keeps one free by default).
    maxWorkers: 2,
    // One module graph per worker instead of one per file: 139 files in 30 s instead of 90 s.
    // tests/unit/setup/fresh-file.ts gives each file a fresh browser, database and policy;
    // a module replaced with vi.mock would leak into the next file, so no test does that.
    isolate: false,
  },
});
