/**
 * A scale-out recipe on a real scheduler: examples/scale-out/slurm-array.sh submitted to a
 * single-node Slurm cluster started here (slurm-cluster.ts). The script runs as written, from the
 * repository root with `npx hitori-sat`; only its HITORI_* variables shrink the board so that a
 * run takes seconds. The truth it is held to is the unsharded `enumerate` of the same board,
 * compared field by field after the merge; the failure paths (a task cancelled by scancel, a task
 * that fails, and the merge that names what is missing and prints the command that counts just
 * that) run on the same scheduler.
 *
 * Outside CI the tests skip, with a message, where the scheduler is missing; in CI (CI=true) a
 * missing scheduler fails, so that the recipe cannot go untested while CI is green.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../cli/run.js';
import {
  binFolder,
  fields,
  inCi,
  merge,
  merged,
  missingShards,
  recipeEnv,
  recipes,
  requiredInCi,
  type Result,
  shardFiles,
  sleep,
  spawnBounded,
  unsharded,
} from './scale-out-recipes.js';
import { type SlurmCluster, slurmUnavailable, startSlurm } from './slurm-cluster.js';

const slurmProblem = slurmUnavailable();
if (slurmProblem !== null && !inCi) console.warn(`skipping slurm-array.sh on a real Slurm cluster: ${slurmProblem}`);

describe('examples/scale-out on real schedulers', () => {
  // The scheduler is the subject, not the count: the happy path counts 3x3 over 3 symbols
  // (3,281 classes) in 4 shards, with the real npx; the failure paths, which run more rounds,
  // the smaller 3x2 over 3 symbols (122) in 4 shards of 30-31. Two boards, so that the merge of
  // the two jobs' shards mixed is refused for its boards. (4x3 over 3 symbols, 88,574 classes,
  // took about a second of CPU more per count; 8 shards instead of 4 took a process start more
  // per shard and tested nothing more.)
  let whole: Result;
  let small: Result;
  let bin = '';
  beforeAll(async () => {
    if (slurmProblem !== null) return;
    bin = binFolder();
    whole = await unsharded('3x3', 3);
    small = await unsharded('3x2', 3);
    expect(whole.classes).toBe(3_281);
    expect(small.classes).toBe(122);
  });
  afterAll(() => {
    if (bin !== '') rmSync(bin, { recursive: true, force: true });
  });

  describe('slurm-array.sh on a single-node Slurm cluster', () => {
    requiredInCi('slurm-array.sh', slurmProblem);
    let cluster: SlurmCluster | undefined;
    let work = '';
    beforeAll(async () => {
      if (slurmProblem !== null) return;
      work = mkdtempSync(join(tmpdir(), 'hitori-scale-out-slurm-'));
      cluster = await startSlurm();
    });
    afterAll(async () => {
      await cluster?.stop();
      if (work !== '') rmSync(work, { recursive: true, force: true });
    });

    /**
     * `sbatch ARGS slurm-array.sh` from the repository root, as its header says. The log goes to
     * the test's folder instead of out/ in the clone, and each task asks for one CPU (the script
     * asks for 2; a one-CPU CI machine could never run such a task).
     */
    const sbatch = (args: readonly string[], env: Record<string, string>, out: string) =>
      spawnBounded('sbatch', [...args, '--cpus-per-task=1', `--output=${join(out, 'slurm-%A_%a.log')}`, join(recipes, 'slurm-array.sh')], {
        cwd: repoRoot,
        env: recipeEnv({ ...cluster!.env, PATH: `${bin}:${process.env.PATH}`, ...env }),
        ms: 240_000,
      });

    /**
     * The final states of a job's array tasks by task number, once the given tasks have ended (at most
     * `ms`). Slurm forgets a task MinJobAge (5) seconds after its end, so the states are collected
     * as they are seen, polling four times a second; the job is over when all have been seen ended.
     */
    async function finalStates(job: string, tasks: readonly number[], ms: number): Promise<Record<number, string>> {
      const end = Date.now() + ms;
      const seen: Record<number, string> = {};
      for (;;) {
        // --states=all lists the ended tasks too; a pending rest of the array is one line ("2-3").
        const r = spawnSync('squeue', ['--noheader', '--states=all', `--jobs=${job}`, '--format=%K %T'], {
          encoding: 'utf8',
          env: { ...process.env, ...cluster!.env },
          timeout: 10_000,
        });
        for (const [task, state] of r.stdout.split('\n').map((l) => l.trim().split(/\s+/)))
          if (/^\d+$/.test(task ?? '') && state !== undefined && !/PENDING|RUNNING|CONFIGURING|COMPLETING|REQUEUED|SUSPENDED/.test(state))
            seen[Number(task)] = state;
        if (tasks.every((t) => seen[t] !== undefined)) return seen;
        if (Date.now() > end)
          throw new Error(
            `job ${job} did not end within ${ms / 1000} s: ${r.stdout}${r.stderr}; ended: ${JSON.stringify(seen)}\n${cluster!.logs()}`,
          );
        await sleep(250);
      }
    }

    it.skipIf(slurmProblem !== null)(
      'sbatch --wait --array=0-3 slurm-array.sh counts 3x3 over 3 symbols; the merged shards equal the unsharded run',
      async () => {
        const out = join(work, 'happy');
        mkdirSync(out);
        const env = { HITORI_BOARD: '3x3', HITORI_SYMBOLS: '3', HITORI_SHARDS: '4', HITORI_OUT: out, HITORI_TEST_REAL_NPX: '1' };
        const r = await sbatch(['--wait', '--array=0-3'], env, out);
        expect(r.code, `${r.stdout}${r.stderr}\n${cluster!.logs()}`).toBe(0);
        expect(r.stdout).toMatch(/^Submitted batch job \d+$/m);
        // One log per array task: Slurm, not a loop here, ran the four.
        expect(readdirSync(out).filter((f) => /^slurm-\d+_\d\.log$/.test(f))).toHaveLength(4);
        const files = shardFiles(out);
        expect(files.map((f) => (JSON.parse(readFileSync(f, 'utf8')) as { shard: { index: number } }).shard.index)).toEqual([0, 1, 2, 3]);
        expect(fields(await merged(files))).toEqual(fields(whole));
      },
      300_000,
    );

    it.skipIf(slurmProblem !== null)(
      'a cancelled and a failed task are named by the merge; sbatch --array with those numbers counts just them',
      async () => {
        const out = join(work, 'failures');
        mkdirSync(out);
        const env = { HITORI_BOARD: '3x2', HITORI_SYMBOLS: '3', HITORI_SHARDS: '4', HITORI_OUT: out };
        // Held, so that task 1 is cancelled before it can start; task 2 fails when it runs.
        const submitted = await sbatch(['--parsable', '--hold', '--array=0-3'], { ...env, HITORI_TEST_FAIL_SHARD: '2' }, out);
        expect(submitted.code, submitted.stderr).toBe(0);
        const job = submitted.stdout.trim().split(';')[0]!;
        expect(job).toMatch(/^\d+$/);
        cluster!.client('scancel', [`${job}_1`]);
        // A pending task that is cancelled leaves the array: what is left to run is 0, 2 and 3.
        expect(cluster!.client('squeue', ['--noheader', `--jobs=${job}`, '--format=%K %T']).trim()).toBe('0,2-3 PENDING');
        cluster!.client('scontrol', ['release', job]);
        const states = await finalStates(job, [0, 2, 3], 240_000);
        expect(states).toEqual({ 0: 'COMPLETED', 2: 'FAILED', 3: 'COMPLETED' });
        expect(existsSync(join(out, `slurm-${job}_1.log`))).toBe(false);
        expect(readFileSync(join(out, `slurm-${job}_2.log`), 'utf8')).toContain('shard 2 fails on purpose');

        const refused = await merge(shardFiles(out));
        expect(refused.code).toBe(2);
        const { shards, command } = missingShards(refused.stderr);
        expect(shards).toEqual([1, 2]);
        expect(command).toBe(
          `for i in 1 2; do hitori-sat enumerate 3x2 --symbols 3 --shard \${i}/4 --format json -o ${join(out, 'shard-')}\${i}.json; done`,
        );

        // The recipe's rerun: the same script, for the numbers the merge named.
        const rerun = await sbatch(['--wait', `--array=${shards.join(',')}`], env, out);
        expect(rerun.code, `${rerun.stdout}${rerun.stderr}`).toBe(0);
        expect(fields(await merged(shardFiles(out)))).toEqual(fields(small));
      },
      300_000,
    );

    it.skipIf(slurmProblem !== null)(
      "the merge refuses the two jobs' shards mixed, a shard given twice, and a shard of another version, each in one line with exit 2",
      async () => {
        // The shards the two tests above left: 3x3 over 3 symbols in 4, and 3x2 over 3 symbols in 4.
        const bigShards = shardFiles(join(work, 'happy'));
        const smallShards = shardFiles(join(work, 'failures'));
        expect([bigShards.length, smallShards.length], 'the two tests above must have run').toEqual([4, 4]);
        const refused = async (files: readonly string[], message: RegExp) => {
          const r = await merge(files);
          expect(r.code, r.stderr).toBe(2);
          expect(r.stderr.trim().split('\n')).toHaveLength(1);
          expect(r.stderr.trim()).toMatch(message);
        };
        await refused(
          [...bigShards.slice(0, 3), smallShards[3]!],
          /shard-3\.json: it counts 3x2 over 3 symbols, but .*shard-0\.json counts 3x3 over 3 symbols$/,
        );
        const copy = join(work, 'copy-of-shard-1.json');
        writeFileSync(copy, readFileSync(bigShards[1]!));
        await refused([...bigShards, copy], /copy-of-shard-1\.json: shard 1\/4 is given twice: here and in .*shard-1\.json$/);
        const other = join(work, 'other-version.json');
        writeFileSync(other, JSON.stringify({ ...JSON.parse(readFileSync(bigShards[2]!, 'utf8')), version: '0.0.0-other' }));
        await refused(
          [...bigShards.filter((_, k) => k !== 2), other],
          /other-version\.json: it was counted by hitori-sat 0\.0\.0-other, but .*shard-0\.json by \S+$/,
        );
      },
    );
  });
});
