import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The CLI tests run the built command: build it once from the current source.
    globalSetup: ['test/cli/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
