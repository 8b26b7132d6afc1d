/**
 * The command runs one of three CommonJS bundles, each with a V8 code cache (src/cli/code-cache.cts):
 * `solve` the solve command alone, `hint` the hint command alone, every other command the whole program. A cache may only change
 * how fast the command starts: a missing or corrupt one gives the same answer.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliNodeFlags, copyOfBuild } from '../../bench/lib.js';
import { cliPath, fixture, linesOf, published, repoRoot } from './run.js';

const bundleOf = (name: string) => join(repoRoot, 'dist', 'src', 'cli', name);
const bundles = ['solve-only.bundle.cjs', 'hint-only.bundle.cjs', 'program.bundle.cjs'] as const;

/**
 * One copy of the build for the three bundles' tests: each test changes only its own bundle's
 * cache (corrupts it, then removes it), so the next test still finds its bundle's cache as the
 * build made it. The copy (dist/ has about 800 files) was made once per test.
 */
let copy = '';
function copiedBuild(): string {
  if (copy === '') copy = copyOfBuild();
  return copy;
}
afterAll(() => {
  if (copy !== '') rmSync(copy, { recursive: true, force: true });
});

/** The command under `root` on janko-037: its stdout, stderr and exit code. */
function runIn(root: string, args: readonly string[]): { stdout: string; stderr: string; code: number | null } {
  const cli = join(root, relative(repoRoot, cliPath));
  const r = spawnSync(process.execPath, [...cliNodeFlags(cli), cli, ...args], { encoding: 'utf8' });
  return { stdout: r.stdout, stderr: r.stderr, code: r.status };
}

/** `solve --format json` of janko-037 by the command under `root`: its solution and stderr. */
function solveIn(root: string, args: readonly string[] = []): { solution: number[][] | null; stderr: string; code: number | null } {
  const r = runIn(root, ['solve', fixture('janko-037.txt'), '--format', 'json', ...args]);
  const lines = linesOf(r.stdout);
  return {
    solution: lines.length === 1 ? (JSON.parse(lines[0]!) as { solution: number[][] | null }).solution : null,
    stderr: r.stderr,
    code: r.code,
  };
}

/** `explain --format json` of janko-037 by the command under `root`: its final board and status. */
function explainIn(root: string): { board: unknown; status: unknown; stderr: string; code: number | null } {
  const r = runIn(root, ['explain', fixture('janko-037.txt'), '--format', 'json']);
  const lines = linesOf(r.stdout);
  const result = lines.length === 1 ? (JSON.parse(lines[0]!) as { board?: unknown; status?: unknown }) : {};
  return { board: result.board ?? null, status: result.status ?? null, stderr: r.stderr, code: r.code };
}

/**
 * In the copy of the build, `answer` must be `expected` with the bundle's cache, with a corrupt
 * one and with none; returns the copy.
 */
function expectSameWithAnyCache<T>(name: string, answer: (root: string) => T, expected: T): string {
  const root = copiedBuild();
  const cacheFile = `${join(root, relative(repoRoot, bundleOf(name)))}.v8cache`;
  expect(answer(root)).toEqual(expected);
  writeFileSync(cacheFile, Buffer.from(Array.from({ length: 4096 }, (_, k) => (k * 131 + 7) & 255)));
  expect(answer(root)).toEqual(expected);
  rmSync(cacheFile);
  expect(answer(root)).toEqual(expected);
  return root;
}

describe('the command with its code caches', () => {
  it.each(bundles)('the build makes a cache of %s that V8 accepts under the command’s own Node flags', (name) => {
    // The bundle is loaded as the command loads it, by code-cache.cjs, in a process started with
    // the flags of the command's first line (V8 rejects a cache made under other flags). Loading
    // runs the bundle's top level only: the program starts when the launcher calls it.
    const loader = join(repoRoot, 'dist', 'src', 'cli', 'code-cache.cjs');
    const script = `const { loadBundle } = require(${JSON.stringify(loader)});
      const stub = { loadCadical: () => Promise.reject(new Error('not loaded here')) };
      const bundle = loadBundle(${JSON.stringify(bundleOf(name))}, (id) => (id === 'cadical-wasm' ? stub : require(id)));
      process.stdout.write(bundle.cache);`;
    const r = spawnSync(process.execPath, [...cliNodeFlags(cliPath), '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('used');
  });

  it('solve gives the published solution with the cache, without it, and with a corrupt one', () => {
    const expected = { solution: published('janko-037').solution, stderr: '', code: 0 };
    const root = expectSameWithAnyCache('solve-only.bundle.cjs', (root) => solveIn(root), expected);
    // The SAT engine too: cadical-wasm is loaded for the bundle from the CommonJS copy the build makes.
    expect(solveIn(root, ['--engine', 'sat'])).toEqual(expected);
  });

  it('hint gives a first step coloured as published with the cache, without it, and with a corrupt one', () => {
    const { solution } = published('janko-037');
    const hintIn = (root: string) => {
      const r = runIn(root, ['hint', fixture('janko-037.txt'), '--format', 'json']);
      const step = JSON.parse(r.stdout) as { kind: string; cells: { row: number; col: number; colour: string }[] };
      return {
        kind: step.kind,
        right: step.cells.every((c) => (c.colour === 'black') === (solution[c.row - 1]![c.col - 1] === 1)),
        stderr: r.stderr,
        code: r.code,
      };
    };
    expectSameWithAnyCache('hint-only.bundle.cjs', hintIn, { kind: 'step', right: true, stderr: '', code: 0 });
  });

  it('explain (the whole program) ends on the published solution with the cache, without it, and with a corrupt one', () => {
    const expected = { board: published('janko-037').solution, status: 'solved', stderr: '', code: 0 };
    expectSameWithAnyCache('program.bundle.cjs', explainIn, expected);
  });
});
