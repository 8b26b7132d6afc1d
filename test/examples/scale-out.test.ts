/**
 * The scale-out recipes of examples/scale-out/ (GNU parallel, a Slurm job array, a Kubernetes
 * Indexed Job) as text and as a scheduler would start them, without the scheduler. Their shard
 * count must match the index range the scheduler hands out, all three must count the same board,
 * and their commands, run with the board shrunk to 1x2 over 2 symbols in 2 shards (`npx` is a
 * shim for the built command), must leave shard files that `--merge` adds up to the unsharded
 * run. Each of those shards holds one class, which it counts on the thread it starts on (a shard
 * of more items starts a worker thread per core, 0.3-0.8 s of CPU each); the merges and the
 * unsharded count run in the test's command host (in-process.ts), the recipes' commands as
 * processes. scale-out-parallel.test.ts and scale-out-slurm.test.ts run those recipes on the real
 * schedulers; no Kubernetes cluster can run here, so the Indexed Job is checked only here.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../cli/in-process.js';
import { cliPath, repoRoot } from '../cli/run.js';

const recipes = join(repoRoot, 'examples', 'scale-out');
const read = (name: string) => readFileSync(join(recipes, name), 'utf8');

/** The N of every `--shard auto/N` in the manifest (all must agree). */
function shardCount(text: string): number {
  const counts = [...text.matchAll(/--shard auto\/(\d+)/g)].map((m) => Number(m[1]));
  expect(counts.length).toBeGreaterThan(0);
  expect(new Set(counts).size).toBe(1);
  return counts[0]!;
}

/** The manifest with the 4x5 board over 4 symbols shrunk to 1x2 over 2, and `shards` shards. */
function shrink(text: string, shards: number): string {
  const from = shardCount(text);
  expect(text).toContain('enumerate 4x5 --symbols 4 ');
  return text.replaceAll('enumerate 4x5 --symbols 4 ', 'enumerate 1x2 --symbols 2 ').replaceAll(`auto/${from}`, `auto/${shards}`);
}

/** The default of a script's HITORI_ variable (`${HITORI_SHARDS:-64}`). */
function scriptDefault(text: string, name: string): string {
  const match = new RegExp(`\\$\\{HITORI_${name}:-([^}]+)\\}`).exec(text);
  expect(match, `HITORI_${name}`).not.toBeNull();
  return match![1]!;
}

interface Counts {
  classes: number;
  pruned: number;
  conventions: unknown;
  histogram: unknown;
}
const counted = (r: Counts) => ({ classes: r.classes, pruned: r.pruned, conventions: r.conventions, histogram: r.histogram });

describe('examples/scale-out', () => {
  // The folders this file makes, removed at its end.
  const folders: string[] = [];
  const temporary = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    folders.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });
  let shim = '';
  let whole: Counts;
  beforeAll(async () => {
    // `npx hitori-sat ARGS` in the recipes runs the built command.
    shim = temporary('hitori-scale-out-bin-');
    writeFileSync(join(shim, 'npx'), `#!/bin/sh\nshift\nexec '${process.execPath}' '${cliPath}' "$@"\n`);
    chmodSync(join(shim, 'npx'), 0o755);
    const r = await runInProcess(['enumerate', '1x2', '--symbols', '2', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    whole = JSON.parse(r.stdout) as Counts;
    // 11 and 12.
    expect(whole.classes).toBe(2);
  });

  /** Runs a shell script in a fresh folder with the shim first on the PATH and the given variables. */
  function runScript(shell: string, script: string, cwd: string, env: Record<string, string> = {}) {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !['SLURM_ARRAY_TASK_ID', 'JOB_COMPLETION_INDEX', 'PARALLEL_SEQ'].includes(k)),
    );
    return spawnSync(shell, ['-c', script], {
      cwd,
      encoding: 'utf8',
      env: { ...clean, PATH: `${shim}:${process.env.PATH}`, ...env },
    });
  }

  async function merged(files: readonly string[]): Promise<Counts> {
    const r = await runInProcess(['enumerate', '--merge', ...files, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as Counts;
  }

  it('each recipe counts 4x5 over 4 symbols in 64 shards, the indices its scheduler hands out, and shards write JSON', () => {
    const parallel = read('parallel.sh');
    const slurm = read('slurm-array.sh');
    const k8s = read('k8s-indexed-job.yaml');
    for (const script of [parallel, slurm]) {
      expect([scriptDefault(script, 'BOARD'), scriptDefault(script, 'SYMBOLS'), scriptDefault(script, 'SHARDS')]).toEqual([
        '4x5',
        '4',
        '64',
      ]);
      expect(script).toContain('--shard "auto/$shards"');
    }
    // GNU parallel: one job per input line, PARALLEL_SEQ = 1..N.
    expect(parallel).toContain('seq 0 $((shards - 1)) | parallel');
    expect(slurm).toContain('#SBATCH --array=0-63');
    expect(k8s).toMatch(/completionMode: Indexed/);
    expect(k8s).toContain('enumerate 4x5 --symbols 4 ');
    expect(shardCount(k8s)).toBe(64);
    expect(k8s).toContain('completions: 64');
    for (const text of [parallel, slurm, k8s]) {
      // A command continued with a backslash (shell) or folded (YAML >-) counts as one line.
      const shardLines = text
        .replace(/\\\n/g, ' ')
        .replace(/>-\n((?:\s{14}.*\n)+)/g, (_, body: string) => body.replace(/\n/g, ' '))
        .split('\n')
        .filter((l) => l.includes('--shard '));
      expect(shardLines.length).toBeGreaterThan(0);
      expect(shardLines.every((l) => l.includes('--format json'))).toBe(true);
    }
  });

  // Where no Slurm runs (scale-out-slurm.test.ts skips there), the script still runs as
  // each array task would run it.
  it('slurm-array.sh, run once per array task, leaves shards that merge to the unsharded run', async () => {
    const dir = temporary('hitori-scale-out-');
    const script = read('slurm-array.sh');
    const small = { HITORI_BOARD: '1x2', HITORI_SYMBOLS: '2', HITORI_SHARDS: '2' };
    for (let task = 0; task < 2; task++) {
      const r = runScript('bash', script, dir, { ...small, SLURM_ARRAY_TASK_ID: String(task), SLURM_CPUS_PER_TASK: '1' });
      expect(r.status, r.stderr).toBe(0);
    }
    const files = [0, 1].map((k) => join(dir, 'out', `shard-${k}.json`));
    expect(counted(await merged(files))).toEqual(counted(whole));
  });

  it("the Indexed Job's container command, run once per completion index, leaves shards that merge to the unsharded run", async () => {
    const dir = temporary('hitori-scale-out-');
    const results = join(dir, 'results');
    mkdirSync(results);
    // The folded (>-) argument of `sh -c`: its lines joined by spaces.
    const yaml = shrink(read('k8s-indexed-job.yaml'), 2);
    const folded = /args:\n\s*- >-\n((?:\s{14}.*\n)+)/.exec(yaml);
    expect(folded).not.toBeNull();
    const command = folded![1]!
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '')
      .join(' ')
      .replaceAll('/results/', `${results}/`);
    for (let index = 0; index < 2; index++) {
      const r = runScript('sh', command, dir, { JOB_COMPLETION_INDEX: String(index) });
      expect(r.status, r.stderr).toBe(0);
    }
    const files = [0, 1].map((k) => join(results, `shard-${k}.json`));
    expect(counted(await merged(files))).toEqual(counted(whole));
  });
});
