/**
 * The scale-out recipes of examples/scale-out/ (GNU parallel, a Slurm job array, a Kubernetes
 * Indexed Job) as a scheduler runs them. Their shard count must match the index range the
 * scheduler hands out, and their commands, run as written with the board shrunk to 3x3 over 3
 * symbols and fewer shards (`npx` is a shim for the built command), must leave shard files
 * that `--merge` adds up to the unsharded run. The scripts run under sh/bash as a scheduler
 * would start them; GNU parallel's recipe is skipped, with a message, where it is not installed.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliPath, repoRoot, run } from '../cli/run.js';

const recipes = join(repoRoot, 'examples', 'scale-out');
const read = (name: string) => readFileSync(join(recipes, name), 'utf8');
const hasParallel = spawnSync('parallel', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasParallel) console.warn('skipping the GNU parallel recipe: parallel is not installed (apt-get install parallel)');

/** The N of every `--shard auto/N` in a recipe (all must agree). */
function shardCount(text: string): number {
  const counts = [...text.matchAll(/--shard auto\/(\d+)/g)].map((m) => Number(m[1]));
  expect(counts.length).toBeGreaterThan(0);
  expect(new Set(counts).size).toBe(1);
  return counts[0]!;
}

/** The recipe with the 4x5 board over 4 symbols shrunk to 3x3 over 3, and `shards` shards. */
function shrink(text: string, shards: number): string {
  const from = shardCount(text);
  expect(text).toContain('enumerate 4x5 --symbols 4 ');
  return text
    .replaceAll('enumerate 4x5 --symbols 4 ', 'enumerate 3x3 --symbols 3 ')
    .replaceAll(`auto/${from}`, `auto/${shards}`)
    .replaceAll(`seq 0 ${from - 1}`, `seq 0 ${shards - 1}`);
}

interface Counts {
  classes: number;
  pruned: number;
  conventions: unknown;
  histogram: unknown;
}
const counted = (r: Counts) => ({ classes: r.classes, pruned: r.pruned, conventions: r.conventions, histogram: r.histogram });

describe('examples/scale-out', () => {
  let shim = '';
  let whole: Counts;
  beforeAll(async () => {
    // `npx hitori-sat ARGS` in the recipes runs the built command.
    shim = mkdtempSync(join(tmpdir(), 'hitori-scale-out-bin-'));
    writeFileSync(join(shim, 'npx'), `#!/bin/sh\nshift\nexec '${process.execPath}' '${cliPath}' "$@"\n`);
    chmodSync(join(shim, 'npx'), 0o755);
    const r = await run(['enumerate', '3x3', '--symbols', '3', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    whole = JSON.parse(r.stdout) as Counts;
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
    const r = await run(['enumerate', '--merge', ...files, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as Counts;
  }

  it("each recipe's shard count matches the indices its scheduler hands out, and shards write JSON", () => {
    const parallel = read('parallel.sh');
    const n = shardCount(parallel);
    // GNU parallel: one job per input line, PARALLEL_SEQ = 1..N.
    expect(parallel).toContain(`seq 0 ${n - 1} | parallel`);
    const slurm = read('slurm-array.sh');
    expect(slurm).toContain(`#SBATCH --array=0-${shardCount(slurm) - 1}`);
    const k8s = read('k8s-indexed-job.yaml');
    expect(k8s).toMatch(/completionMode: Indexed/);
    expect(k8s).toContain(`completions: ${shardCount(k8s)}`);
    for (const text of [parallel, slurm, k8s]) {
      // A command continued with a backslash (shell) or folded (YAML >-) counts as one line.
      const shardLines = text
        .replace(/\\\n/g, ' ')
        .replace(/>-\n((?:\s{14}.*\n)+)/g, (_, body: string) => body.replace(/\n/g, ' '))
        .split('\n')
        .filter((l) => l.includes('--shard auto/'));
      expect(shardLines.every((l) => l.includes('--format json'))).toBe(true);
    }
  });

  it.skipIf(!hasParallel)('parallel.sh, run as written on a smaller board, counts and merges what the unsharded run counts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hitori-scale-out-'));
    const r = runScript('sh', shrink(read('parallel.sh'), 5), dir);
    expect(r.status, r.stderr).toBe(0);
    // The script ends with the merge, printed as text: the total of 3x3 over 3 symbols.
    expect(r.stdout).toMatch(/classes \(restricted-growth sequences\)\s+3,281/);
    const files = readdirSync(join(dir, 'out'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(dir, 'out', f));
    expect(files).toHaveLength(5);
    expect(counted(await merged(files))).toEqual(counted(whole));
  });

  it('slurm-array.sh, run once per array task, leaves shards that merge to the unsharded run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hitori-scale-out-'));
    const script = shrink(read('slurm-array.sh'), 3);
    for (let task = 0; task < 3; task++) {
      const r = runScript('bash', script, dir, { SLURM_ARRAY_TASK_ID: String(task), SLURM_CPUS_PER_TASK: '1' });
      expect(r.status, r.stderr).toBe(0);
    }
    const files = [0, 1, 2].map((k) => join(dir, 'out', `shard-${k}.json`));
    expect(counted(await merged(files))).toEqual(counted(whole));
  });

  it("the Indexed Job's container command, run once per completion index, leaves shards that merge to the unsharded run", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hitori-scale-out-'));
    const results = join(dir, 'results');
    mkdirSync(results);
    // The folded (>-) argument of `sh -c`: its lines joined by spaces.
    const yaml = shrink(read('k8s-indexed-job.yaml'), 3);
    const folded = /args:\n\s*- >-\n((?:\s{14}.*\n)+)/.exec(yaml);
    expect(folded).not.toBeNull();
    const command = folded![1]!
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '')
      .join(' ')
      .replaceAll('/results/', `${results}/`);
    for (let index = 0; index < 3; index++) {
      const r = runScript('sh', command, dir, { JOB_COMPLETION_INDEX: String(index) });
      expect(r.status, r.stderr).toBe(0);
    }
    const files = [0, 1, 2].map((k) => join(results, `shard-${k}.json`));
    expect(counted(await merged(files))).toEqual(counted(whole));
  });
});
