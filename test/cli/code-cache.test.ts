/**
 * The one-shot `solve` runs a CommonJS bundle with a V8 code cache (src/cli/code-cache.cts). The
 * cache may only change how fast the command starts: a missing or corrupt one gives the same answer.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliNodeFlags, copyOfBuild } from '../../bench/lib.js';
import { cliPath, fixture, linesOf, published, repoRoot } from './run.js';

const bundle = join(repoRoot, 'dist', 'src', 'cli', 'solve.bundle.cjs');

const copies: string[] = [];
afterAll(() => {
  for (const root of copies) rmSync(root, { recursive: true, force: true });
});

/** `solve --format json` of janko-037 by the command under `root`: its solution and stderr. */
function solveIn(root: string, args: readonly string[] = []): { solution: number[][] | null; stderr: string; code: number | null } {
  const cli = join(root, relative(repoRoot, cliPath));
  const r = spawnSync(process.execPath, [...cliNodeFlags(cli), cli, 'solve', fixture('janko-037.txt'), '--format', 'json', ...args], {
    encoding: 'utf8',
  });
  const lines = linesOf(r.stdout);
  return {
    solution: lines.length === 1 ? (JSON.parse(lines[0]!) as { solution: number[][] | null }).solution : null,
    stderr: r.stderr,
    code: r.status,
  };
}

describe('solve with a code cache', () => {
  it('the build makes a cache that V8 accepts under the command’s own Node flags', () => {
    // The bundle is loaded as the command loads it, by code-cache.cjs, in a process started with
    // the flags of the command's first line (V8 rejects a cache made under other flags).
    const loader = join(repoRoot, 'dist', 'src', 'cli', 'code-cache.cjs');
    const script = `const { loadBundle } = require(${JSON.stringify(loader)});
      const stub = { loadCadical: () => Promise.reject(new Error('not loaded here')) };
      const bundle = loadBundle(${JSON.stringify(bundle)}, (id) => (id === 'cadical-wasm' ? stub : require(id)));
      process.stdout.write(bundle.cache);`;
    const r = spawnSync(process.execPath, [...cliNodeFlags(cliPath), '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('used');
  });

  it('gives the published solution with the cache, without it, and with a corrupt one', () => {
    const expected = published('janko-037').solution;
    const root = copyOfBuild();
    copies.push(root);
    const cacheFile = `${join(root, relative(repoRoot, bundle))}.v8cache`;

    const withCache = solveIn(root);
    expect(withCache).toEqual({ solution: expected, stderr: '', code: 0 });

    writeFileSync(cacheFile, Buffer.from(Array.from({ length: 4096 }, (_, k) => (k * 131 + 7) & 255)));
    expect(solveIn(root)).toEqual(withCache);

    rmSync(cacheFile);
    expect(solveIn(root)).toEqual(withCache);
    // The SAT engine too: cadical-wasm is loaded for the bundle by the command's own import().
    expect(solveIn(root, ['--engine', 'sat'])).toEqual(withCache);
  });
});
