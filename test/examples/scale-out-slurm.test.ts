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
  boardEnv,
  failureBoard,
  fields,
  happyBoard,
  inCi,
  merge,
  merged,
  missingShards,
  recipeEnv,
  recipes,
  recipeSetUp,
  requiredInCi,
  shardFiles,
  sleep,
  spawnBounded,
} from './scale-out-recipes.js';
import { type SlurmCluster, slurmUnavailable, startSlurm } from './slurm-cluster.js';

const slurmProblem = slurmUnavailable();
if (slurmProblem !== null && !inCi) console.warn(`skipping slurm-array.sh on a real Slurm cluster: ${slurmProblem}`);

describe('examples/scale-out on real schedulers', () => {
  // The boards and what the scheduler's runs are held to: scale-out-recipes.ts.
  const truth = recipeSetUp(slurmProblem);

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
        env: recipeEnv({ ...cluster!.env, PATH: `${truth.bin}:${process.env.PATH}`, ...env }),
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

    // The two submissions run side by side on the cluster: each waits on Slurm (sbatch --wait polls
    // every 2 s) far longer than it computes. The third test reads what both left.
    it.skipIf(slurmProblem !== null).concurrent(
      'sbatch --wait --array=0-1 slurm-array.sh counts 1x2 over 2 symbols in 2 shards; the merged shards equal the unsharded run',
      async () => {
        const out = join(work, 'happy');
        mkdirSync(out);
        const r = await sbatch(['--wait', '--array=0-1'], { ...boardEnv(happyBoard, out), HITORI_TEST_REAL_NPX: '1' }, out);
        expect(r.code, `${r.stdout}${r.stderr}\n${cluster!.logs()}`).toBe(0);
        expect(r.stdout).toMatch(/^Submitted batch job \d+$/m);
        // One log per array task: Slurm, not a loop here, ran the two.
        expect(readdirSync(out).filter((f) => /^slurm-\d+_\d\.log$/.test(f))).toHaveLength(2);
        const files = shardFiles(out);
        expect(files.map((f) => (JSON.parse(readFileSync(f, 'utf8')) as { shard: { index: number } }).shard.index)).toEqual([0, 1]);
        expect(fields(await merged(files))).toEqual(fields(truth.happy));
      },
      300_000,
    );

    it.skipIf(slurmProblem !== null).concurrent(
      'a cancelled and a failed task are named by the merge; sbatch --array with those numbers counts just them',
      async () => {
        const out = join(work, 'failures');
        mkdirSync(out);
        const env = boardEnv(failureBoard, out);
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
          `for i in 1 2; do hitori-sat enumerate 1x3 --symbols 2 --shard \${i}/4 --format json -o ${join(out, 'shard-')}\${i}.json; done`,
        );

        // The recipe's rerun: the same script, for the numbers the merge named.
        const rerun = await sbatch(['--wait', `--array=${shards.join(',')}`], env, out);
        expect(rerun.code, `${rerun.stdout}${rerun.stderr}`).toBe(0);
        expect(fields(await merged(shardFiles(out)))).toEqual(fields(truth.failures));
      },
      300_000,
    );

    it.skipIf(slurmProblem !== null)(
      "the merge refuses the two jobs' shards mixed, a shard given twice, and a shard of another version, each in one line with exit 2",
      async () => {
        // The shards the two tests above left: 1x2 over 2 symbols in 2, and 1x3 over 2 symbols in 4.
        const happyShards = shardFiles(join(work, 'happy'));
        const failureShards = shardFiles(join(work, 'failures'));
        expect([happyShards.length, failureShards.length], 'the two tests above must have run').toEqual([2, 4]);
        const refused = async (files: readonly string[], message: RegExp) => {
          const r = await merge(files);
          expect(r.code, r.stderr).toBe(2);
          expect(r.stderr.trim().split('\n')).toHaveLength(1);
          expect(r.stderr.trim()).toMatch(message);
        };
        await refused(
          [happyShards[0]!, failureShards[1]!],
          /shard-1\.json: it counts 1x3 over 2 symbols, but .*shard-0\.json counts 1x2 over 2 symbols$/,
        );
        const copy = join(work, 'copy-of-shard-1.json');
        writeFileSync(copy, readFileSync(happyShards[1]!));
        await refused([...happyShards, copy], /copy-of-shard-1\.json: shard 1\/2 is given twice: here and in .*shard-1\.json$/);
        const other = join(work, 'other-version.json');
        writeFileSync(other, JSON.stringify({ ...JSON.parse(readFileSync(happyShards[1]!, 'utf8')), version: '0.0.0-other' }));
        await refused(
          [happyShards[0]!, other],
          /other-version\.json: it was counted by hitori-sat 0\.0\.0-other, but .*shard-0\.json by \S+$/,
        );
      },
    );
  });
});
