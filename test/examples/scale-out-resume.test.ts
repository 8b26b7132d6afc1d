/**
 * A rerun of a scale-out recipe counts only the shards without a complete result: the ones that
 * are missing, stopped early, or hold something else (another shard, another version, a file
 * that is not a result), and leaves the finished ones alone. The recipes run from the repository
 * root as their headers say, with an `npx` that records every command it runs before running the
 * built one; the record says which shards were counted, and the merge of the files left is held to
 * the unsharded count. The board, 1x3 over 3 symbols, has 5 classes (111, 112, 121, 122, 123): in
 * 5 shards each holds one, which a shard counts on the thread it starts on (a shard of more items
 * starts a worker thread per core, 0.3-0.8 s of CPU each). The merges and the unsharded count run
 * in the test's command host (in-process.ts): the recipes' runs are the subject.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../cli/in-process.js';
import { cliPath, repoRoot } from '../cli/run.js';

const recipes = join(repoRoot, 'examples', 'scale-out');
const inCi = process.env.CI === 'true';
const hasParallel = spawnSync('parallel', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasParallel && !inCi) console.warn('skipping the parallel.sh rerun: GNU parallel not installed (apt-get install parallel)');

interface Counts {
  classes: number;
  pruned: number;
  conventions: unknown;
  histogram: unknown;
}
const counted = (r: Counts) => ({ classes: r.classes, pruned: r.pruned, conventions: r.conventions, histogram: r.histogram });

describe('examples/scale-out: a rerun counts only the shards without a complete result', () => {
  let work = '';
  let log = '';
  let whole: Counts;
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'hitori-scale-out-resume-'));
    log = join(work, 'npx.log');
    writeFileSync(join(work, 'npx'), `#!/bin/sh\nshift\necho "$*" >> '${log}'\nexec '${process.execPath}' '${cliPath}' "$@"\n`);
    chmodSync(join(work, 'npx'), 0o755);
    const r = await runInProcess(['enumerate', '1x3', '--symbols', '3', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    whole = JSON.parse(r.stdout) as Counts;
    expect(whole.classes).toBe(5);
  });
  afterAll(() => {
    if (work !== '') rmSync(work, { recursive: true, force: true });
  });

  /** The shards counted since the last call (from the npx record), in order, and the record cleared. */
  function countedShards(): number[] {
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    writeFileSync(log, '');
    return lines
      .filter((l) => l.startsWith('enumerate ') && l.includes('--shard '))
      .map((l) => Number(/shard-(\d+)\.json/.exec(l)![1]))
      .sort((a, b) => a - b);
  }

  /** A recipe run from the repository root with the recording npx first on the PATH. */
  function recipe(shell: string, script: string, env: Record<string, string>) {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !['SLURM_ARRAY_TASK_ID', 'JOB_COMPLETION_INDEX', 'PARALLEL_SEQ'].includes(k)),
    );
    return spawnSync(shell, [join(recipes, script)], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...clean, PATH: `${work}:${process.env.PATH}`, HITORI_BOARD: '1x3', HITORI_SYMBOLS: '3', ...env },
      timeout: 120_000,
    });
  }

  async function merged(out: string, shards: number): Promise<Counts> {
    const files = Array.from({ length: shards }, (_, k) => join(out, `shard-${k}.json`));
    const r = await runInProcess(['enumerate', '--merge', ...files, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as Counts;
  }

  it('slurm-array.sh, the whole array submitted again, counts again the missing, unfinished and foreign shards only', async () => {
    const out = join(work, 'slurm');
    const tasks = (env: Record<string, string> = {}) =>
      [0, 1, 2, 3, 4].map((task) => {
        const r = recipe('bash', 'slurm-array.sh', { HITORI_SHARDS: '5', HITORI_OUT: out, SLURM_ARRAY_TASK_ID: String(task), ...env });
        expect(r.status, r.stderr).toBe(0);
        return r;
      });
    writeFileSync(log, '');
    tasks();
    expect(countedShards()).toEqual([0, 1, 2, 3, 4]);
    expect(counted(await merged(out, 5))).toEqual(counted(whole));

    const file = (k: number) => join(out, `shard-${k}.json`);
    const shard = (k: number) => JSON.parse(readFileSync(file(k), 'utf8')) as Record<string, unknown>;
    const kept = readFileSync(file(0), 'utf8');
    const keptTime = statSync(file(0)).mtimeMs;
    unlinkSync(file(1)); // a task that never ran or was cancelled
    writeFileSync(file(2), JSON.stringify({ ...shard(2), complete: false })); // stopped at the time limit
    writeFileSync(file(3), kept); // another shard's result under this shard's name
    writeFileSync(file(4), JSON.stringify({ ...shard(4), version: '0.0.0-other' })); // another version

    const again = tasks();
    expect(countedShards()).toEqual([1, 2, 3, 4]);
    expect(again[0]!.stdout).toContain(`shard 0/5 is already counted in ${file(0)}`);
    expect(readFileSync(file(0), 'utf8')).toBe(kept);
    expect(statSync(file(0)).mtimeMs).toBe(keptTime);
    expect(again[1]!.stderr).not.toContain('counting it again');
    expect(again[2]!.stderr).toContain('complete false (not true)');
    expect(again[3]!.stderr).toContain('shard index 0 (not 3)');
    expect(again[4]!.stderr).toContain('version 0.0.0-other');
    expect(counted(await merged(out, 5))).toEqual(counted(whole));
  });

  it.skipIf(!hasParallel && !inCi)('parallel.sh run again without its joblog counts only the shard whose file is gone', async () => {
    const out = join(work, 'parallel');
    writeFileSync(log, '');
    const first = recipe('sh', 'parallel.sh', { HITORI_SHARDS: '5', HITORI_OUT: out });
    expect(first.status, first.stderr).toBe(0);
    expect(countedShards()).toEqual([0, 1, 2, 3, 4]);
    // The joblog would spare the finished jobs by itself; without it only the files tell.
    unlinkSync(join(out, 'joblog'));
    unlinkSync(join(out, 'shard-2.json'));
    const again = recipe('sh', 'parallel.sh', { HITORI_SHARDS: '5', HITORI_OUT: out });
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/merged from 5 shards/);
    expect(countedShards()).toEqual([2]);
    expect(counted(await merged(out, 5))).toEqual(counted(whole));
  });
});
