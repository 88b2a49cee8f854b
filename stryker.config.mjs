// Mutation testing of the logic under utils/ (npm run test:mutation).
// Not part of `npm test`: it reruns the unit tests for every mutant.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // Tests import through the @/ alias, which vitest's `related` lookup does not follow.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'utils/messaging/**/*.ts',
    'utils/problems/**/*.ts',
    'utils/api/**/*.ts',
    'utils/connection/**/*.ts',
    'utils/indicators/**/*.ts',
    'utils/evidence/**/*.ts',
    'utils/report/**/*.ts',
    'utils/settings/**/*.ts',
    'utils/incidents/**/*.ts',
    'utils/backup/**/*.ts',
    'utils/background/**/*.ts',
    'utils/menus/**/*.ts',
    'utils/account/**/*.ts',
    'utils/webhooks/**/*.ts',
    'utils/storage/**/*.ts',
    'utils/email/**/*.ts',
    // Logic that moved beside the views that show it.
    'components/my-reports/report-row*.ts',
    'components/insights/outcomes.ts',
    'components/connection/connect.ts',
    'components/review/review-state.ts',
    // Types only: nothing to mutate.
    '!utils/**/*.d.ts',
    '!utils/storage/report-types.ts',
    '!utils/storage/connection-types.ts',
    '!utils/api/schemas/report.ts',
    '!utils/email/email-types.ts',
    // The reading worker and its starter need a browser's Worker: the end-to-end tests read emails through them.
    '!utils/email/email-worker.ts',
    '!utils/email/read-email-file.ts',
    // Re-exports only.
    '!utils/api/index.ts',
    '!utils/api/schemas/index.ts',
  ],
  // TypeScript 7 has no JavaScript API, so Stryker's tsconfig preprocessor
  // cannot read ours; pointing it at no file turns that step off.
  tsconfigFile: 'tsconfig.stryker-none.json',
  coverageAnalysis: 'perTest',
  // Static mutants (module-level constants: word lists, schema definitions)
  // rerun every test each and made up 77% of the time for 12% of the mutants;
  // the schemas are covered by the reading-rule tests instead.
  ignoreStatic: true,
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: 90 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
