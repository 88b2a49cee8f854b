import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/**
 * The tests of what reads with zod in the service worker (the API's answers,
 * the pages' calls, the services that act on them), run again on the subset
 * of zod the worker build ships (utils/api/zod-subset.ts, wxt.config.ts): the
 * same assertions hold on both, but for the issue list zod writes, which the
 * subset does not.
 */
const WORKER_ZOD_TESTS = [
  'tests/unit/api/**/*.test.ts',
  'tests/unit/messaging/**/*.test.ts',
  'tests/unit/incidents/**/*.test.ts',
  'tests/unit/account/**/*.test.ts',
  'tests/unit/webhooks/**/*.test.ts',
  'tests/unit/connection/**/*.test.ts',
];

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
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
    projects: [
      // `resolve.alias`, even empty, in each project: without one, vitest 5.1 left out the alias of
      // `wxt/browser` to the fake browser that WxtVitest adds (every storage test failed).
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/sandbox/**/*.test.ts'] }, resolve: { alias: [] } },
      {
        extends: true,
        // ZOD_SUBSET: the one assertion that reads zod's issue list, which the subset does not write, knows.
        test: { name: 'worker-zod', include: WORKER_ZOD_TESTS, exclude: ['tests/unit/api/zod-subset.test.ts'], env: { ZOD_SUBSET: '1' } },
        resolve: { alias: [{ find: /^zod\/mini$/, replacement: fileURLToPath(new URL('utils/api/zod-subset.ts', import.meta.url)) }] },
      },
    ],
  },
});
