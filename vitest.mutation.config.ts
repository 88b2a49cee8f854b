import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// Mutation testing (stryker.config.mjs) reruns the tests for each mutant:
// only the unit tests exercise utils/, so the sandbox's own tests stay out.
export default defineConfig({ ...base, test: { ...base.test, include: ['tests/unit/**/*.test.{ts,tsx}'] } });
