import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The CLI tests run the built command: build it once from the current source.
    globalSetup: ['test/cli/global-setup.ts'],
    testTimeout: 60_000,
    // Three files at a time on this 2-core machine (vitest 4 ran one at a time): most files spend
    // part of their time waiting on the command's processes, a browser, a scheduler or a time
    // limit, and on a busy machine the suite's share of the cores is its share of the threads
    // that want them. bench:suite, medians of two: 145.0 s quiet and 286.9 s at load 4 with three,
    // 145.8 s and 316.6 s with two (docs/benchmarks.md).
    maxWorkers: 3,
    // The files of a worker share the modules they import (the library, vitest's own): each file
    // importing them anew took a third of a unit-test run's CPU (test/rules, test/formats and
    // three more folders: 69 s of CPU isolated, 54 s shared). No test file changes a module's
    // state for the next; the one that mocks a module imports its own copy (cadical-loader).
    isolate: false,
    // V8 in each worker on one thread: no garbage collector or compiler threads beside it. The
    // suite keeps both cores busy with its workers and what they start, and collecting in
    // parallel and concurrently costs more CPU in all than on the one thread: the unit-test
    // folders used 64-67 s of CPU instead of 76-78 (interleaved runs, two workers), the whole
    // suite 273-317 s instead of 326-346. The command and its host keep Node's defaults; the test
    // browser is set the same way (launchChromium's `lean`).
    execArgv: ['--single-threaded'],
    hookTimeout: 120_000,
    // Vitest keeps each module as transformed (TypeScript to JavaScript) on disk, keyed by its
    // content, for the next run: a run after a change transforms only the files that changed.
    // On test/rules, test/solve and test/encodings the transform went from 3.8 s to 0.7 s and the
    // imports from 5.6 s to 2.5 s. A clean clone's first run fills it (node_modules/.experimental-vitest-cache).
    experimental: { fsModuleCache: true },
  },
});
