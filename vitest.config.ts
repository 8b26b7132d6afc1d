import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The CLI tests run the built command: build it once from the current source.
    globalSetup: ['test/cli/global-setup.ts'],
    testTimeout: 60_000,
    // Two files at a time (vitest 4 ran one at a time on this 2-core machine): most files spend
    // their time waiting on the command's processes, a browser, a scheduler or a time limit.
    maxWorkers: 2,
    hookTimeout: 120_000,
  },
});
