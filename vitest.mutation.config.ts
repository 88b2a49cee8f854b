import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// Mutation testing (stryker.config.mjs) reruns the tests for each mutant:
// only the unit tests exercise utils/, so the sandbox's own tests stay out.
// Property tests run fewer cases per mutant (MUTATION_RUNS): a mutant that
// survives a few hundred generated calls is rare, and 10,000 per mutant would
// take hours. The docs' own checks (screenshots current, icons) test no code
// of utils/ and would stop the run when the UI is ahead of its screenshots.
// Each file keeps its own module graph here, as when the scores were measured.
// One run of the unit tests: the second run on the worker's zod subset (vitest.config.ts) would double each mutant's time.
const { projects: _projects, ...test } = base.test ?? {};

export default defineConfig({
  ...base,
  test: { ...test, isolate: true, include: ['tests/unit/**/*.test.{ts,tsx}'], exclude: ['tests/unit/docs/**', 'node_modules/**'], env: { MUTATION_RUNS: '300' } },
});
