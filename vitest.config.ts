import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/**
 * The tests of what the service worker runs with zod (the API's answers, the
 * pages' calls, the services that act on them) and with @wxt-dev/storage (every
 * stored item, the outbox, the background), run again on the subsets of both
 * the worker build ships (utils/api/zod-subset.ts, utils/storage/storage-subset.ts,
 * wxt.config.ts): the same assertions hold on both, but for the issue list zod
 * writes, which the subset does not.
 */
const WORKER_TESTS = [
  'tests/unit/api/**/*.test.ts',
  'tests/unit/messaging/**/*.test.ts',
  'tests/unit/incidents/**/*.test.ts',
  'tests/unit/account/**/*.test.ts',
  'tests/unit/webhooks/**/*.test.ts',
  'tests/unit/connection/**/*.test.ts',
  'tests/unit/storage/**/*.test.ts',
  'tests/unit/settings/**/*.test.ts',
  'tests/unit/report/**/*.test.ts',
  'tests/unit/background/**/*.test.ts',
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
        test: { name: 'worker', include: WORKER_TESTS, exclude: ['tests/unit/api/zod-subset.test.ts', 'tests/unit/storage/storage-subset.test.ts'], env: { ZOD_SUBSET: '1' } },
        resolve: {
          alias: [
            { find: /^zod\/mini$/, replacement: fileURLToPath(new URL('utils/api/zod-subset.ts', import.meta.url)) },
            { find: /^@wxt-dev\/storage$/, replacement: fileURLToPath(new URL('utils/storage/storage-subset.ts', import.meta.url)) },
          ],
        },
      },
    ],
  },
});
