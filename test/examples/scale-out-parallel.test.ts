/**
 * A scale-out recipe on a real scheduler: examples/scale-out/parallel.sh under GNU parallel, on
 * this machine and over two "machines" reached by ssh. The script runs as written, from the
 * repository root with `npx hitori-sat`; only its HITORI_* variables shrink the board so that a
 * run takes seconds. The truth it is held to is the unsharded `enumerate` of the same board,
 * compared field by field after the merge; the failure paths (a job that fails, and the merge
 * that names what is missing and prints the command that counts just that) run on the same
 * scheduler.
 *
 * Outside CI the tests skip, with a message, where the scheduler is missing; in CI (CI=true) a
 * missing scheduler fails, so that the recipe cannot go untested while CI is green.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  merged,
  missingShards,
  recipeEnv,
  recipes,
  recipeSetUp,
  requiredInCi,
  shardFiles,
  spawnBounded,
} from './scale-out-recipes.js';
import { spawnSync } from 'node:child_process';

const parallelProblem =
  spawnSync('parallel', ['--version'], { stdio: 'ignore' }).status === 0 ? null : 'GNU parallel not installed (apt-get install parallel)';
if (parallelProblem !== null && !inCi) console.warn(`skipping parallel.sh under GNU parallel: ${parallelProblem}`);

describe('examples/scale-out on real schedulers', () => {
  // The boards and what the scheduler's runs are held to: scale-out-recipes.ts.
  const truth = recipeSetUp(parallelProblem);

  describe('parallel.sh under GNU parallel', () => {
    requiredInCi('parallel.sh', parallelProblem);
    let work = '';
    beforeAll(() => {
      if (parallelProblem === null) work = mkdtempSync(join(tmpdir(), 'hitori-scale-out-parallel-'));
    });
    afterAll(() => {
      if (work !== '') rmSync(work, { recursive: true, force: true });
    });

    const script = (env: Record<string, string>) =>
      spawnBounded('sh', [join(recipes, 'parallel.sh')], {
        cwd: repoRoot,
        env: recipeEnv({ PATH: `${truth.bin}:${process.env.PATH}`, ...env }),
        ms: 240_000,
      });
    /** The joblog's rows, in the order the jobs ended: GNU parallel's job number (PARALLEL_SEQ) and exit value. */
    const joblog = (out: string) =>
      readFileSync(join(out, 'joblog'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t'))
        .map((cols) => ({ seq: Number(cols[0]), exit: Number(cols[6]) }));
    /** The joblog's Host column: the ssh login that ran each job (":" for this machine). */
    const hosts = (out: string) =>
      readFileSync(join(out, 'joblog'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t')[1]);

    it.skipIf(parallelProblem !== null)(
      'parallel.sh counts 1x2 over 2 symbols in 2 jobs and merges them; the merge equals the unsharded run',
      async () => {
        const out = join(work, 'happy');
        const r = await script({ ...boardEnv(happyBoard, out), HITORI_TEST_REAL_NPX: '1' });
        expect(r.code, r.stderr).toBe(0);
        // The script ends with the merge, as text: the total of the board.
        expect(r.stdout).toMatch(/merged from 2 shards/);
        expect(r.stdout).toMatch(/classes \(restricted-growth sequences\)\s+2\n/);
        expect(joblog(out).sort((a, b) => a.seq - b.seq)).toEqual([1, 2].map((seq) => ({ seq, exit: 0 })));
        expect(fields(await merged(shardFiles(out)))).toEqual(fields(truth.happy));
      },
      300_000,
    );

    it.skipIf(parallelProblem !== null)(
      'a failed job is named by the merge at the end (exit 2); the printed command, or the script run again, counts just that shard',
      async () => {
        const out = join(work, 'failures');
        const env = boardEnv(failureBoard, out);
        const failed = await script({ ...env, HITORI_TEST_FAIL_SHARD: '2' });
        expect(failed.code, failed.stderr).toBe(2);
        expect(failed.stderr).toContain('shard 2 fails on purpose');
        expect(failed.stderr).toContain(`parallel.sh: some shards failed (their exit codes are in ${out}/joblog); the merge names them`);
        const merging = failed.stderr.slice(failed.stderr.indexOf('hitori-sat: merge:'));
        const { shards, command } = missingShards(merging);
        expect(shards).toEqual([2]);
        expect(command).toBe(`hitori-sat enumerate 1x3 --symbols 2 --shard 2/4 --format json -o ${join(out, 'shard-2.json')}`);
        expect(existsSync(join(out, 'shard-2.json'))).toBe(false);

        // The printed command, as a user pastes it into a shell.
        const pasted = await spawnBounded('sh', ['-c', command], {
          cwd: work,
          env: recipeEnv({ PATH: `${truth.bin}:${process.env.PATH}` }),
          ms: 60_000,
        });
        expect(pasted.code, pasted.stderr).toBe(0);
        expect(fields(await merged(shardFiles(out)))).toEqual(fields(truth.failures));

        // The script run again: --resume-failed runs only job 3 (shard 2), then merges all four.
        const again = await script(env);
        expect(again.code, again.stderr).toBe(0);
        expect(again.stdout).toMatch(/merged from 4 shards/);
        const jobs = joblog(out);
        expect(jobs.slice(0, 4).sort((a, b) => a.seq - b.seq)).toEqual([
          { seq: 1, exit: 0 },
          { seq: 2, exit: 0 },
          { seq: 3, exit: 1 },
          { seq: 4, exit: 0 },
        ]);
        expect(jobs.slice(4)).toEqual([{ seq: 3, exit: 0 }]);
        expect(fields(await merged(shardFiles(out)))).toEqual(fields(truth.failures));
      },
      300_000,
    );

    it.skipIf(parallelProblem !== null)(
      "parallel.sh over two machines, as the README runs it (an ssh that runs here stands in for the machines' own): the merge equals the unsharded run",
      async () => {
        const out = join(work, 'two-machines');
        mkdirSync(out);
        const hostsFile = join(work, 'hosts.txt');
        writeFileSync(hostsFile, 'node-a\nnode-b\n');
        const r = await script({
          ...boardEnv(failureBoard, out),
          // The README's options, and the stand-in for ssh.
          PARALLEL: `--sshloginfile ${hostsFile} --workdir ${repoRoot} --ssh ${join(truth.bin, 'fake-ssh')}`,
        });
        expect(r.code, r.stderr).toBe(0);
        // Both "machines" ran jobs, and the shard each counted came from PARALLEL_SEQ sent over ssh.
        expect(new Set(hosts(out))).toEqual(new Set(['node-a', 'node-b']));
        expect(fields(await merged(shardFiles(out)))).toEqual(fields(truth.failures));
      },
      300_000,
    );
  });
});
