/**
 * `npm run bench:exit`: does every `hitori-sat` process with worker threads end, and end cleanly?
 * And does a solve through the bin wait on an optimising compile? Writes BENCH.md, section
 * `exit-stress`.
 *
 * Exit stress: `generate` and `enumerate` with two worker threads, each run `--runs` times (1,000
 * by default) through the bin as a shell runs it (the file itself, by its `#!` line), `--parallel`
 * at a time. A run is counted by how it ends: exit code 0 with its output, an abort (SIGABRT, or
 * Node's `Assertion failed` on stderr: the Node 20 exit race, nodejs/node#54918), another non-zero
 * exit or signal, or caught by the hang guard (still running `--guard-ms` after it started with every thread
 * asleep for 10 s: a deadlock; or still working at 10 times that: slow).
 * Wall times are from spawn to exit; CPU time is the children's user + system time, per run.
 *
 * Stall: `hitori-sat bench` on the first 51 janko 17x17 puzzles (default engine, one worker),
 * through the bin, under plain `node`, and under `node --no-concurrent-recompilation` (the flag
 * the bin ran with before, for the stall it caused), interleaved round by round; per-puzzle
 * median and maximum as `bench --json` reports them, over the rounds.
 *
 *     nice -n 10 npm run bench:exit -- --runs 1000 --parallel 6 --stall-rounds 7
 *
 * Runs the built command, not `run`: the process's end is the subject.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import {
  childrenCpuMs,
  cliNodeFlags,
  cliPath,
  commandLine,
  describeMachine,
  jankoDir,
  loadAverages,
  max,
  median,
  ms,
  numberOption,
  p95,
  progress,
  repoRoot,
  revision,
  table,
  timestamp,
  writeSection,
} from './lib.js';

const runs = numberOption('runs', 1000);
const parallel = numberOption('parallel', 4);
// A run takes 1-10 s on a 2-core machine, up to a minute under a load of 40: the guard looks at
// a run still there after 30 s (see runOnce).
const guardMs = numberOption('guard-ms', 30_000);
const stallRounds = numberOption('stall-rounds', 7);

/** The commands under stress: each starts two workers and ends once they have given their work. */
const commands: readonly { readonly args: readonly string[]; readonly done: (stdout: string) => boolean }[] = [
  // Five puzzles, each under a header line, and the totals of the enumeration's last table.
  { args: ['generate', '7x7', '--count', '5', '--jobs', '2'], done: (stdout) => stdout.match(/^gen-/gm)?.length === 5 },
  { args: ['enumerate', '3x3', '--jobs', '2'], done: (stdout) => /^solved by rules +404 +404$/m.test(stdout) },
];

type Ending = 'ok' | 'abort' | 'failed' | 'hung' | 'slow';

interface Run {
  readonly ending: Ending;
  readonly wallMs: number;
  /** What went wrong, for the progress lines: the exit code or signal and stderr's first line. */
  readonly note: string;
}

/**
 * Whether any thread of a live process can run (state R, or D: in the kernel), from
 * /proc/PID/task/TID/stat; true too when it cannot be read (gone, or not Linux) and for a zombie,
 * whose end is on its way. A deadlocked process has every thread asleep (S: the main thread on a
 * futex); one that a loaded machine starves of CPU has a thread runnable.
 */
function anyThreadRunnable(pid: number): boolean {
  try {
    const states = readdirSync(`/proc/${pid}/task`).map((tid) => readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]![0]);
    return states.length === 0 || states.some((state) => state === 'R' || state === 'D' || state === 'Z');
  } catch {
    return true;
  }
}

/** Every thread's stack of a hung process, by gdb where there is one, into a file named on stderr. */
function stacksOf(pid: number): void {
  const r = spawnSync('gdb', ['-p', String(pid), '-batch', '-ex', 'thread apply all bt 10'], { encoding: 'utf8', timeout: 60_000 });
  if (r.error !== undefined || r.status !== 0) return;
  const file = join(os.tmpdir(), `exit-stress-hung-${pid}.txt`);
  writeFileSync(file, r.stdout);
  progress(`exit-stress: the hung process's threads: ${file}`);
}

/** One run of the bin, as a shell runs it, under the hang guard. */
function runOnce(args: readonly string[], done: (stdout: string) => boolean): Promise<Run> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(cliPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // Once a second: how long every thread has been asleep. Past the guard, a run asleep for the
    // last 10 s is hung; one still working is left until 10 times the guard, then called slow.
    let asleepSince: number | undefined;
    let guarded: Ending | undefined;
    const watch = setInterval(() => {
      const now = performance.now();
      if (anyThreadRunnable(child.pid ?? -1)) asleepSince = undefined;
      else asleepSince ??= now;
      if (now - start < guardMs) return;
      if (asleepSince !== undefined && now - asleepSince >= 10_000) guarded = 'hung';
      else if (now - start >= 10 * guardMs) guarded = 'slow';
      else return;
      if (guarded === 'hung') stacksOf(child.pid!);
      child.kill('SIGKILL');
    }, 1000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearInterval(watch);
      const wallMs = performance.now() - start;
      const firstLine = stderr.split('\n').find((line) => line.trim() !== '') ?? '';
      const note = `exit ${code ?? signal}${firstLine === '' ? '' : `: ${firstLine.trim().slice(0, 120)}`}`;
      let ending: Ending;
      if (guarded !== undefined) ending = guarded;
      else if (signal === 'SIGABRT' || /Assertion failed|Native stack trace/.test(stderr)) ending = 'abort';
      else if (code !== 0 || !done(stdout)) ending = 'failed';
      else ending = 'ok';
      resolve({ ending, wallMs, note });
    });
  });
}

/** `runs` runs of one command, `parallel` at a time. */
async function stress(args: readonly string[], done: (stdout: string) => boolean): Promise<{ runs: Run[]; cpuMs: number }> {
  const results: Run[] = [];
  const cpuBefore = childrenCpuMs();
  let next = 0;
  const label = args.join(' ');
  const lane = async () => {
    while (next < runs) {
      next++;
      const run = await runOnce(args, done);
      results.push(run);
      if (run.ending !== 'ok') progress(`exit-stress: ${label}: run ${results.length}: ${run.ending} (${run.note})`);
      if (results.length % 50 === 0) progress(`exit-stress: ${label}: ${results.length}/${runs}, load ${loadAverages()}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, runs) }, lane));
  return { runs: results, cpuMs: childrenCpuMs() - cpuBefore };
}

/** The per-puzzle median and maximum of one `bench --json` run. */
function benchOnce(command: readonly string[]): { medianMs: number; p95Ms: number; maxMs: number } {
  const set = join(jankoDir, 'hitori_17x17.jsonl');
  const r = spawnSync(command[0]!, [...command.slice(1), 'bench', set, '--limit', '51', '--json'], { cwd: repoRoot, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command.join(' ')} bench exited ${r.status ?? r.signal}: ${r.stderr}`);
  const { sets } = JSON.parse(r.stdout) as { sets: { medianMs: number; p95Ms: number; maxMs: number; correct: number; n: number }[] };
  const [only] = sets;
  if (only === undefined || only.correct !== only.n) throw new Error(`bench: not every answer correct: ${r.stdout}`);
  return { medianMs: only.medianMs, p95Ms: only.p95Ms, maxMs: only.maxMs };
}

const loadAtStart = loadAverages();

// The stall first, on a machine not yet heated by the stress.
const binFlags = cliNodeFlags(cliPath);
const ways: readonly { readonly label: string; readonly command: readonly string[] }[] = [
  { label: `the bin (\`hitori-sat bench\`${binFlags.length === 0 ? '' : `, Node flags ${binFlags.join(' ')}`})`, command: [cliPath] },
  { label: '`node dist/src/cli/hitori-sat.cjs bench`', command: [process.execPath, cliPath] },
  {
    label: '`node --no-concurrent-recompilation dist/src/cli/hitori-sat.cjs bench` (the bin before)',
    command: [process.execPath, '--no-concurrent-recompilation', cliPath],
  },
];
const stall = ways.map(() => ({ medians: [] as number[], p95s: [] as number[], maxima: [] as number[] }));
for (let round = 0; round < stallRounds; round++) {
  progress(`exit-stress: stall round ${round + 1}/${stallRounds}`);
  for (const [k, way] of ways.entries()) {
    const { medianMs, p95Ms, maxMs } = benchOnce(way.command);
    stall[k]!.medians.push(medianMs);
    stall[k]!.p95s.push(p95Ms);
    stall[k]!.maxima.push(maxMs);
  }
}

const stressed = [];
for (const c of commands) stressed.push({ args: c.args, ...(await stress(c.args, c.done)) });

const counted = (list: readonly Run[], ending: Ending) => String(list.filter((run) => run.ending === ending).length);
const stressRows = stressed.map(({ args, runs: list, cpuMs }) => {
  const walls = list.map((run) => run.wallMs);
  return [
    `\`hitori-sat ${args.join(' ')}\``,
    String(list.length),
    counted(list, 'ok'),
    counted(list, 'hung'),
    counted(list, 'abort'),
    counted(list, 'failed'),
    counted(list, 'slow'),
    ms(median(walls)),
    ms(p95(walls)),
    ms(max(walls)),
    ms(cpuMs / list.length),
  ];
});
const stallRows = ways.map((way, k) => [
  way.label,
  String(stallRounds),
  ms(median(stall[k]!.medians)),
  ms(median(stall[k]!.p95s)),
  ms(median(stall[k]!.maxima)),
  ms(max(stall[k]!.maxima)),
  `${(median(stall[k]!.maxima) / median(stall[1]!.maxima)).toFixed(2)}x`,
]);

const body = [
  '## exit-stress: processes with worker threads end, and end cleanly; no solve waits on a compile',
  '',
  `- Command: \`${commandLine('exit-stress.js')}\`; ${timestamp()}; ${revision()}.`,
  `- Machine: ${describeMachine()}; load average ${loadAtStart} at the start, ${loadAverages()} at the end (a shared machine: wall times stretch with the load, CPU time less).`,
  `- Node flags of the bin's first line: ${binFlags.length === 0 ? 'none' : binFlags.join(' ')}.`,
  '',
  `Exit stress: each command ${runs} times through the bin, ${parallel} at a time; hang guard: a run still there after ${guardMs / 1000} s is "hung" when none of its threads could run for 10 s (a deadlock: asleep, not starved of CPU), and "slow" when still working at ${(10 * guardMs) / 1000} s. An abort is SIGABRT or Node's \`Assertion failed\`; "failed" is any other non-zero exit or missing output.`,
  '',
  table(
    ['command', 'runs', 'clean exit', 'hung', 'aborted', 'failed', 'slow', 'median ms', 'p95 ms', 'max ms', 'CPU ms / run'],
    stressRows,
    [false, true, true, true, true, true, true, true, true, true, true],
  ),
  '',
  `Stall (exit-stall): \`bench\` on the first 51 janko 17x17 puzzles (default engine, one worker, its warm-up), ${stallRounds} rounds, the three ways interleaved in each; the per-puzzle median, p95 and maximum are those \`bench --json\` reports, and the last column compares the median of the maxima to plain \`node\`'s (target: the bin within 2x). On a loaded machine the maximum is a worker's thread waiting for a core, whatever the flags: compare the rows, and the load.`,
  '',
  table(
    [
      'run as',
      'rounds',
      'per-puzzle median ms (median of rounds)',
      'per-puzzle p95 ms (median of rounds)',
      'per-puzzle max ms (median of rounds)',
      'per-puzzle max ms (worst round)',
      'max vs plain node',
    ],
    stallRows,
    [false, true, true, true, true, true, true],
  ),
].join('\n');

if (process.argv.includes('--no-write')) process.stdout.write(`${body}\n`);
else writeSection('exit-stress', body);
progress(`exit-stress: done, load ${loadAverages()}, ${os.cpus().length} cores`);
