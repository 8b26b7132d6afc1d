/**
 * What the scale-out tests on real schedulers share (scale-out-slurm.test.ts, scale-out-parallel.test.ts):
 * their two boards and the unsharded count of each, which every merge is held to, the merge run in
 * the test's command host, the PATH folder with the failing `npx`, and a bounded asynchronous
 * process run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runInProcess } from '../cli/in-process.js';
import { cliPath, repoRoot } from '../cli/run.js';

export const inCi = process.env.CI === 'true';
export const recipes = join(repoRoot, 'examples', 'scale-out');
const npxPath = spawnSync('sh', ['-c', 'command -v npx'], { encoding: 'utf8' }).stdout.trim();

/** In CI a scheduler that cannot run fails its recipe's tests instead of skipping them. */
export function requiredInCi(what: string, problem: string | null): void {
  it.runIf(inCi && problem !== null)(`${what} runs in CI`, () => {
    throw new Error(`in CI (CI=true) ${what} must run on the real scheduler, but: ${problem} (.ci/run installs it)`);
  });
}

/** Everything a merged result says about the space, without what depends on the split or the clock. */
export interface Result {
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
export const fields = (r: Result) => ({
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

/** A board a recipe counts: its size, its symbols, its shards, and its classes (restricted-growth sequences). */
export interface Board {
  readonly size: string;
  readonly symbols: number;
  readonly shards: number;
  readonly classes: number;
}

/**
 * The scheduler is the subject, not the count: each shard of both boards holds one class, so a
 * shard counts it on the thread it starts on. (A shard of more than one item starts a worker
 * thread per core: 0.3 s of CPU more per shard on 3x2 over 3 symbols, 0.8 s on 3x3, which the
 * tests ran before.) The happy path, with the real npx (about a second of CPU per call), counts
 * 1x2 over 2 symbols (11 and 12) in 2 shards; the failure paths, which need a shard that runs
 * and a shard that fails on either side of it, 1x3 over 2 symbols (111, 112, 121, 122) in 4.
 * Two boards, so that the merge of the two runs' shards mixed is refused for its boards.
 */
export const happyBoard: Board = { size: '1x2', symbols: 2, shards: 2, classes: 2 };
export const failureBoard: Board = { size: '1x3', symbols: 2, shards: 4, classes: 4 };

/** The HITORI_* variables that make a recipe count `board` into the folder `out`. */
export const boardEnv = (board: Board, out: string): Record<string, string> => ({
  HITORI_BOARD: board.size,
  HITORI_SYMBOLS: String(board.symbols),
  HITORI_SHARDS: String(board.shards),
  HITORI_OUT: out,
});

/**
 * The unsharded count of a board, the truth every merge is compared with. It and the merges run
 * in the test's command host (in-process.ts): the schedulers' runs of the recipes are the subject.
 */
async function unsharded(board: Board): Promise<Result> {
  const r = await runInProcess(['enumerate', board.size, '--symbols', String(board.symbols), '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  const result = JSON.parse(r.stdout) as Result;
  expect(result.classes, board.size).toBe(board.classes);
  return result;
}

/** What a scheduler's tests read: the PATH folder of binFolder, and the unsharded counts of the two boards. */
export interface RecipeSetUp {
  readonly bin: string;
  readonly happy: Result;
  readonly failures: Result;
}

/**
 * The PATH folder and the unsharded counts, made before the file's tests (not where `problem`
 * says that the scheduler cannot run) and the folder removed after them. The fields are read
 * once the tests run.
 */
export function recipeSetUp(problem: string | null): RecipeSetUp {
  let bin = '';
  let happy: Result | undefined;
  let failures: Result | undefined;
  beforeAll(async () => {
    if (problem !== null) return;
    bin = binFolder();
    happy = await unsharded(happyBoard);
    failures = await unsharded(failureBoard);
  });
  afterAll(() => {
    if (bin !== '') rmSync(bin, { recursive: true, force: true });
  });
  return {
    get bin() {
      return bin;
    },
    get happy() {
      return happy!;
    },
    get failures() {
      return failures!;
    },
  };
}

export const shardFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => /^shard-\d+\.json$/.test(f))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]))
    .map((f) => join(dir, f));

export async function merge(files: readonly string[]) {
  return runInProcess(['enumerate', '--merge', ...files, '--format', 'json']);
}

export async function merged(files: readonly string[]): Promise<Result> {
  const r = await merge(files);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Result;
}

/** The shard numbers and the rerun command of a merge refused for missing shards. */
export function missingShards(stderr: string): { shards: number[]; command: string } {
  const [first, second, ...rest] = stderr.trim().split('\n');
  expect(rest, stderr).toEqual([]);
  const named = /^hitori-sat: merge: shards? (.+) (?:is|are) missing \((\d+) of (\d+) given\); count just those, then merge again:$/.exec(
    first!,
  );
  expect(named, stderr).not.toBeNull();
  const shards = [...named![1]!.matchAll(/(\d+)\/\d+/g)].map((m) => Number(m[1]));
  return { shards, command: second!.trim() };
}

/**
 * A folder for the PATH with `hitori-sat` (the built command, which the printed rerun command
 * calls) and an `npx` in front of the real one. That `npx` fails the shard HITORI_TEST_FAIL_SHARD
 * on purpose, and runs `npx hitori-sat ARGS` from the repository root as npx does there (the
 * package's own bin, the built command) without npx's own start: npx took about a second of CPU
 * per call, and the recipes' runs made some thirty calls. A test that sets HITORI_TEST_REAL_NPX
 * runs its tasks' lines through the real npx, two at once (two npx runs in a fresh clone once
 * raced each other: src/cli/build-if-changed.mjs): each recipe's first test does, so that the
 * recipes run as written. The merge line at the end of parallel.sh, npx in the same folder for
 * the same package, goes straight to the command there too.
 */
function binFolder(): string {
  const bin = mkdtempSync(join(tmpdir(), 'hitori-scale-out-bin-'));
  const repoRootReal = realpathSync(repoRoot);
  symlinkSync(cliPath, join(bin, 'hitori-sat'));
  // In front of the real npx: the job of shard HITORI_TEST_FAIL_SHARD exits 1 before counting, as
  // a crashed or killed process would. Every other call (the other shards, the merge) is npx's:
  // the real one for a task under HITORI_TEST_REAL_NPX, else the built command, as npx runs it.
  writeFileSync(
    join(bin, 'npx'),
    `#!/bin/sh
fail=\${HITORI_TEST_FAIL_SHARD:-}
if [ -n "$fail" ] && { [ "\${SLURM_ARRAY_TASK_ID:-}" = "$fail" ] || [ "\${PARALLEL_SEQ:-}" = "$((fail + 1))" ]; }; then
  echo "test: shard $fail fails on purpose" >&2
  exit 1
fi
task=\${SLURM_ARRAY_TASK_ID:-\${PARALLEL_SEQ:-}}
if { [ -z "\${HITORI_TEST_REAL_NPX:-}" ] || [ -z "$task" ]; } && [ "$1" = hitori-sat ] && [ "$(pwd -P)" = '${repoRootReal}' ]; then
  shift
  exec '${join(bin, 'hitori-sat')}' "$@"
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
export function recipeEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !/^(SLURM_|PARALLEL_|JOB_COMPLETION_INDEX$|HITORI_)/.test(k)) env[k] = v;
  return { ...env, NO_COLOR: '1', ...extra };
}

/** Runs a program to its end (asynchronously, so that vitest's timers keep running), with a time bound. */
export function spawnBounded(
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

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
