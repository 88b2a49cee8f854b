import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/sandbox/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['tests/unit/setup/i18n.ts', 'tests/unit/setup/fake-ports.ts'],
    restoreMocks: true,
    testTimeout: 15_000,
  },
});
