/**
 * The scale-out recipes on real schedulers: examples/scale-out/slurm-array.sh submitted to a
 * single-node Slurm cluster started here (slurm-cluster.ts), and examples/scale-out/parallel.sh
 * under GNU parallel. The scripts run as written, from the repository root with `npx hitori-sat`;
 * only their HITORI_* variables shrink the board so that a run takes seconds. The truth they are
 * held to is the unsharded `enumerate` of the same board, compared field by field after the merge.
 *
 * The failure paths run on the same schedulers: a task cancelled by scancel, a task that fails
 * (an `npx` in front of the real one that exits 1 for one shard, as a crashed or killed process
 * would), and the merge that names what is missing and prints the command that counts just that.
 *
 * Outside CI the tests skip, with a message, where Slurm (as root) or GNU parallel is missing; in
 * CI (CI=true) a missing scheduler fails, so that the recipes cannot go untested while CI is green.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../cli/in-process.js';
import { cliPath, repoRoot } from '../cli/run.js';
import { type SlurmCluster, slurmUnavailable, startSlurm } from './slurm-cluster.js';

const inCi = process.env.CI === 'true';
const recipes = join(repoRoot, 'examples', 'scale-out');
const slurmProblem = slurmUnavailable();
const parallelProblem =
  spawnSync('parallel', ['--version'], { stdio: 'ignore' }).status === 0 ? null : 'GNU parallel not installed (apt-get install parallel)';
const npxPath = spawnSync('sh', ['-c', 'command -v npx'], { encoding: 'utf8' }).stdout.trim();
for (const [what, problem] of [
  ['slurm-array.sh on a real Slurm cluster', slurmProblem],
  ['parallel.sh under GNU parallel', parallelProblem],
] as const)
  if (problem !== null && !inCi) console.warn(`skipping ${what}: ${problem}`);

/** In CI a scheduler that cannot run fails its recipe's tests instead of skipping them. */
function requiredInCi(what: string, problem: string | null): void {
  it.runIf(inCi && problem !== null)(`${what} runs in CI`, () => {
    throw new Error(`in CI (CI=true) ${what} must run on the real scheduler, but: ${problem} (.ci/run installs it)`);
  });
}

/** Everything a merged result says about the space, without what depends on the split or the clock. */
interface Result {
  version: string;
  rows: number;
  cols: number;
  symbols: number;
  prune: boolean;
  rating: unknown;
  complete: boolean;
  expectedClasses: number;
  classes: number;
  pruned: number;
  conventions: unknown;
  histogram: unknown;
}
const fields = (r: Result) => ({
  version: r.version,
  rows: r.rows,
  cols: r.cols,
  symbols: r.symbols,
  prune: r.prune,
  rating: r.rating,
  complete: r.complete,
  expectedClasses: r.expectedClasses,
  classes: r.classes,
  pruned: r.pruned,
  conventions: r.conventions,
  histogram: r.histogram,
});

/**
 * The unsharded count of a board, the truth every merge is compared with. It and the merges run
 * in the test's command host (in-process.ts): the schedulers' runs of the recipes are the subject.
 */
async function unsharded(board: string, symbols: number): Promise<Result> {
  const r = await runInProcess(['enumerate', board, '--symbols', String(symbols), '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Result;
}

const shardFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => /^shard-\d+\.json$/.test(f))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]))
    .map((f) => join(dir, f));

async function merge(files: readonly string[]) {
  return runInProcess(['enumerate', '--merge', ...files, '--format', 'json']);
}

async function merged(files: readonly string[]): Promise<Result> {
  const r = await merge(files);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Result;
}

/** The shard numbers and the rerun command of a merge refused for missing shards. */
function missingShards(stderr: string): { shards: number[]; command: string } {
  const [first, second, ...rest] = stderr.trim().split('\n');
  expect(rest, stderr).toEqual([]);
  const named = /^hitori-sat: merge: shards? (.+) (?:is|are) missing \((\d+) of (\d+) given\); count just those, then merge again:$/.exec(
    first!,
  );
  expect(named, stderr).not.toBeNull();
  const shards = [...named![1]!.matchAll(/(\d+)\/\d+/g)].map((m) => Number(m[1]));
  return { shards, command: second!.trim() };
}

/** A folder for the PATH with `hitori-sat` (the built command, which the printed rerun command calls) and a failing `npx`. */
function binFolder(): string {
  const bin = mkdtempSync(join(tmpdir(), 'hitori-scale-out-bin-'));
  symlinkSync(cliPath, join(bin, 'hitori-sat'));
  // In front of the real npx: the job of shard HITORI_TEST_FAIL_SHARD exits 1 before counting, as
  // a crashed or killed process would. Every other call (the other shards, the merge) is npx's.
  writeFileSync(
    join(bin, 'npx'),
    `#!/bin/sh
fail=\${HITORI_TEST_FAIL_SHARD:-}
if [ -n "$fail" ] && { [ "\${SLURM_ARRAY_TASK_ID:-}" = "$fail" ] || [ "\${PARALLEL_SEQ:-}" = "$((fail + 1))" ]; }; then
  echo "test: shard $fail fails on purpose" >&2
  exit 1
fi
exec '${npxPath}' "$@"
`,
  );
  chmodSync(join(bin, 'npx'), 0o755);
  // ssh for GNU parallel's --ssh: "ssh HOST -- COMMAND" runs COMMAND here, as on another machine
  // that shares this filesystem (there is no second machine to log in to).
  // sshd gives the remote command the user's login shell in SHELL; GNU parallel runs nothing, and
  // exits 0, when it is unset there (as in CI, where the test's own environment has none).
  writeFileSync(
    join(bin, 'fake-ssh'),
    [
      '#!/bin/sh',
      'export SHELL="$' + '{SHELL:-/bin/sh}"',
      'while [ $# -gt 0 ] && [ "$1" != -- ]; do shift; done',
      'shift',
      'exec sh -c "$*"',
      '',
    ].join('\n'),
  );
  chmodSync(join(bin, 'fake-ssh'), 0o755);
  return bin;
}

/** The environment of a recipe: the scheduler variables of the test's own run removed, the given ones added. */
function recipeEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(SLURM_|PARALLEL_|JOB_COMPLETION_INDEX$|HITORI_)/.test(k)) env[k] = v;
  return { ...env, NO_COLOR: '1', ...extra };
}

/** Runs a program to its end (asynchronously, so that vitest's timers keep running), with a time bound. */
function spawnBounded(
  program: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string>; ms: number },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${program} ${args.join(' ')} did not end within ${options.ms / 1000} s\n${stdout}${stderr}`));
    }, options.ms);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('examples/scale-out on real schedulers', () => {
  // The schedulers are the subject, not the count: the happy paths count 3x3 over 3 symbols
  // (3,281 classes) in 8 shards of 405-414 classes; the failure paths, which run more rounds,
  // the smaller 3x2 over 3 symbols (122) in 4 shards of 30-31. Two boards, so that the merge of
  // the two jobs' shards mixed is refused for its boards.
  // (4x3 over 3 symbols, 88,574 classes, took about a second of CPU more per count.)
  let whole: Result;
  let small: Result;
  let bin = '';
  beforeAll(async () => {
    if (slurmProblem !== null && parallelProblem !== null) return;
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
      'sbatch --wait --array=0-7 slurm-array.sh counts 3x3 over 3 symbols; the merged shards equal the unsharded run',
      async () => {
        const out = join(work, 'happy');
        mkdirSync(out);
        const env = { HITORI_BOARD: '3x3', HITORI_SYMBOLS: '3', HITORI_SHARDS: '8', HITORI_OUT: out };
        const r = await sbatch(['--wait', '--array=0-7'], env, out);
        expect(r.code, `${r.stdout}${r.stderr}\n${cluster!.logs()}`).toBe(0);
        expect(r.stdout).toMatch(/^Submitted batch job \d+$/m);
        // One log per array task: Slurm, not a loop here, ran the eight.
        expect(readdirSync(out).filter((f) => /^slurm-\d+_\d\.log$/.test(f))).toHaveLength(8);
        const files = shardFiles(out);
        expect(files.map((f) => (JSON.parse(readFileSync(f, 'utf8')) as { shard: { index: number } }).shard.index)).toEqual([
          0, 1, 2, 3, 4, 5, 6, 7,
        ]);
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
        // The shards the two tests above left: 3x3 over 3 symbols in 8, and 3x2 over 3 symbols in 4.
        const bigShards = shardFiles(join(work, 'happy'));
        const smallShards = shardFiles(join(work, 'failures'));
        expect([bigShards.length, smallShards.length], 'the two tests above must have run').toEqual([8, 4]);
        const refused = async (files: readonly string[], message: RegExp) => {
          const r = await merge(files);
          expect(r.code, r.stderr).toBe(2);
          expect(r.stderr.trim().split('\n')).toHaveLength(1);
          expect(r.stderr.trim()).toMatch(message);
        };
        await refused(
          [...bigShards.slice(0, 7), smallShards[3]!],
          /shard-3\.json: it counts 3x2 over 3 symbols, but .*shard-0\.json counts 3x3 over 3 symbols$/,
        );
        const copy = join(work, 'copy-of-shard-5.json');
        writeFileSync(copy, readFileSync(bigShards[5]!));
        await refused([...bigShards, copy], /copy-of-shard-5\.json: shard 5\/8 is given twice: here and in .*shard-5\.json$/);
        const other = join(work, 'other-version.json');
        writeFileSync(other, JSON.stringify({ ...JSON.parse(readFileSync(bigShards[2]!, 'utf8')), version: '0.0.0-other' }));
        await refused(
          [...bigShards.filter((_, k) => k !== 2), other],
          /other-version\.json: it was counted by hitori-sat 0\.0\.0-other, but .*shard-0\.json by \S+$/,
        );
      },
    );
  });

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
        env: recipeEnv({ PATH: `${bin}:${process.env.PATH}`, ...env }),
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
      'parallel.sh counts 3x3 over 3 symbols in 8 jobs and merges them; the merge equals the unsharded run',
      async () => {
        const out = join(work, 'happy');
        const r = await script({ HITORI_BOARD: '3x3', HITORI_SYMBOLS: '3', HITORI_SHARDS: '8', HITORI_OUT: out });
        expect(r.code, r.stderr).toBe(0);
        // The script ends with the merge, as text: the total of the board.
        expect(r.stdout).toMatch(/merged from 8 shards/);
        expect(r.stdout).toMatch(/classes \(restricted-growth sequences\)\s+3,281/);
        expect(joblog(out).sort((a, b) => a.seq - b.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((seq) => ({ seq, exit: 0 })));
        expect(fields(await merged(shardFiles(out)))).toEqual(fields(whole));
      },
      300_000,
    );

    it.skipIf(parallelProblem !== null)(
      'a failed job is named by the merge at the end (exit 2); the printed command, or the script run again, counts just that shard',
      async () => {
        const out = join(work, 'failures');
        const env = { HITORI_BOARD: '3x2', HITORI_SYMBOLS: '3', HITORI_SHARDS: '4', HITORI_OUT: out };
        const failed = await script({ ...env, HITORI_TEST_FAIL_SHARD: '2' });
        expect(failed.code, failed.stderr).toBe(2);
        expect(failed.stderr).toContain('shard 2 fails on purpose');
        expect(failed.stderr).toContain(`parallel.sh: some shards failed (their exit codes are in ${out}/joblog); the merge names them`);
        const merging = failed.stderr.slice(failed.stderr.indexOf('hitori-sat: merge:'));
        const { shards, command } = missingShards(merging);
        expect(shards).toEqual([2]);
        expect(command).toBe(`hitori-sat enumerate 3x2 --symbols 3 --shard 2/4 --format json -o ${join(out, 'shard-2.json')}`);
        expect(existsSync(join(out, 'shard-2.json'))).toBe(false);

        // The printed command, as a user pastes it into a shell.
        const pasted = await spawnBounded('sh', ['-c', command], {
          cwd: work,
          env: recipeEnv({ PATH: `${bin}:${process.env.PATH}` }),
          ms: 60_000,
        });
        expect(pasted.code, pasted.stderr).toBe(0);
        expect(fields(await merged(shardFiles(out)))).toEqual(fields(small));

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
        expect(fields(await merged(shardFiles(out)))).toEqual(fields(small));
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
          HITORI_BOARD: '3x2',
          HITORI_SYMBOLS: '3',
          HITORI_SHARDS: '4',
          HITORI_OUT: out,
          // The README's options, and the stand-in for ssh.
          PARALLEL: `--sshloginfile ${hostsFile} --workdir ${repoRoot} --ssh ${join(bin, 'fake-ssh')}`,
        });
        expect(r.code, r.stderr).toBe(0);
        // Both "machines" ran jobs, and the shard each counted came from PARALLEL_SEQ sent over ssh.
        expect(new Set(hosts(out))).toEqual(new Set(['node-a', 'node-b']));
        expect(fields(await merged(shardFiles(out)))).toEqual(fields(small));
      },
      300_000,
    );
  });
});
