/**
 * `npm run fuzz`: the differential fuzz run of bench/fuzz-lib.ts on many grids (200,000 by
 * default), in worker threads, written to BENCH.md (section `fuzz`) with the machine, the
 * command, the date and the load average. Exit code 1 when anything disagrees.
 *
 *     npm run fuzz -- --grids 200000 --seed 1 --jobs 2 --minisat-every 50 --native-every 500 --generate-every 20
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { isMainThread } from 'node:worker_threads';
import { bruteForce, type Disagreement, enumeratorCheck, fuzzOne, generatorCheck, gridAt } from './fuzz-lib.js';
import { commandLine, describeMachine, numberOption, revision, timestamp, writeSection } from './lib.js';
import { resolveJobs } from '../src/pool/job-count.js';
import { type TaskContext, WorkerPool } from '../src/pool/pool.js';

interface Config {
  readonly grids: number;
  readonly seed: number;
  readonly jobs: number;
  readonly minisatEvery: number;
  readonly nativeEvery: number;
  readonly generateEvery: number;
  readonly native: string | null;
}

interface Tally {
  grids: number;
  none: number;
  unique: number;
  several: number;
  minisat: number;
  native: number;
  /** Grids the enumerator judged (the others have more numbers than their longer side). */
  enumerated: number;
  /** Generated puzzles checked, and sizes where the generator found none within its time. */
  generated: number;
  generatorTimeouts: string[];
  disagreements: Disagreement[];
}

const cap = 8;

async function work(config: Config, worker: number, onTally: (tally: Tally) => void): Promise<Tally> {
  const tally: Tally = {
    grids: 0,
    none: 0,
    unique: 0,
    several: 0,
    minisat: 0,
    native: 0,
    enumerated: 0,
    generated: 0,
    generatorTimeouts: [],
    disagreements: [],
  };
  for (let k = worker; k < config.grids; k += config.jobs) {
    const grid = gridAt(config.seed, k);
    const found = await fuzzOne(grid, k, {
      cap,
      minisatEvery: config.minisatEvery,
      ...(config.native === null ? {} : { native: { program: config.native, every: config.nativeEvery } }),
    });
    tally.disagreements.push(...found);
    const name = `${grid.puzzle.rows}x${grid.puzzle.cols} [${grid.puzzle.values.join(' ')}] ${grid.convention}`;
    const fail = (who: string, problem: string) => tally.disagreements.push({ grid: name, who, problem });
    if (enumeratorCheck(grid.puzzle, fail)) tally.enumerated++;
    if (k % config.generateEvery === 0) {
      const outcome = await generatorCheck(grid, String(config.seed), k, fail, 1000);
      if (outcome === 'checked') tally.generated++;
      if (outcome === 'timeout') tally.generatorTimeouts.push(`${grid.puzzle.rows}x${grid.puzzle.cols} ${grid.convention}`);
    }
    const count = bruteForce(grid.puzzle, grid.convention, 2).solutions.length;
    tally.grids++;
    if (count === 0) tally.none++;
    else if (count === 1) tally.unique++;
    else tally.several++;
    if (k % config.minisatEvery === 0) tally.minisat++;
    if (config.native !== null && k % config.nativeEvery === 0) tally.native++;
    if (tally.grids % 1000 === 0) onTally({ ...tally });
  }
  return tally;
}

function section(
  config: Config,
  tallies: readonly Tally[],
  loadBefore: number[],
  seconds: number,
  native: string | null,
  partial: boolean,
): string {
  const loadNow = os.loadavg();
  const sum = (f: (t: Tally) => number) => tallies.reduce((s, t) => s + f(t), 0);
  const disagreements = tallies.flatMap((t) => t.disagreements);
  const grids = sum((t) => t.grids);
  return [
    `## fuzz: differential fuzzing against a brute force${partial ? ` (RUN IN PROGRESS: ${grids} of ${config.grids} grids so far)` : ''}`,
    '',
    `- Command: \`${commandLine('fuzz.js')}\`; ${timestamp()}; ${revision()}.`,
    `- Machine: ${describeMachine()}; load average ${loadBefore.map((x) => x.toFixed(1)).join(' ')} at the start, ${loadNow.map((x) => x.toFixed(1)).join(' ')} ${partial ? 'now' : 'at the end'} (a shared machine).`,
    `- Grids: ${grids} (seed ${config.seed}); the enumerator on ${sum((t) => t.enumerated)} of them, the generator on ${sum((t) => t.generated)} puzzles${native === null ? '' : `, the exported CNF on ${native}`}. ${generatorTimeoutsText(tallies.flatMap((t) => t.generatorTimeouts))}`,
    `- Brute-force verdicts: ${sum((t) => t.none)} without a solution, ${sum((t) => t.unique)} unique, ${sum((t) => t.several)} with two or more.`,
    `- Time: ${seconds.toFixed(0)} s with ${config.jobs} worker thread(s), ${(grids / seconds || 0).toFixed(0)} grids/s.`,
    `- **Disagreements: ${disagreements.length}.**`,
    ...disagreements.slice(0, 20).map((d) => `  - ${d.grid}: ${d.who}: ${d.problem}`),
  ].join('\n');
}

/** The sizes where the generator found no puzzle within its second, counted by size and convention. */
function generatorTimeoutsText(timeouts: readonly string[]): string {
  if (timeouts.length === 0) return 'It found a puzzle every time within 1 s.';
  const counts = new Map<string, number>();
  for (const t of timeouts) counts.set(t, (counts.get(t) ?? 0) + 1);
  const list = [...counts].map(([what, n]) => `${what} (${n})`).join(', ');
  return `No puzzle within 1 s (not a disagreement: the generator searches until it finds one) ${timeouts.length} times: ${list}.`;
}

/** The pool handler (this module, loaded by each worker): worker k fuzzes grids k, k + jobs, ...; its tally so far goes out as a note every 1000 grids. */
export function handle({ config, worker }: { config: Config; worker: number }, context: TaskContext): Promise<Tally> {
  return work(config, worker, (tally) => context.note(tally));
}

if (isMainThread) {
  const native = ['cadical', 'minisat'].find((p) => spawnSync(p, ['--help'], { stdio: 'ignore' }).error === undefined) ?? null;
  const { jobs, warning } = resolveJobs(numberOption('jobs', 2));
  if (warning !== undefined) process.stderr.write(`fuzz: warning: ${warning}\n`);
  const config: Config = {
    grids: numberOption('grids', 200_000),
    seed: numberOption('seed', 1),
    jobs,
    minisatEvery: numberOption('minisat-every', 50),
    nativeEvery: numberOption('native-every', 500),
    generateEvery: numberOption('generate-every', 20),
    native,
  };
  const loadBefore = os.loadavg();
  const start = performance.now();
  const report = (tallies: readonly Tally[], partial: boolean) => {
    const body = section(config, tallies, loadBefore, (performance.now() - start) / 1000, native, partial);
    writeSection('fuzz', body);
    return body;
  };
  // The latest tally of each worker: the section is written every five minutes while the run
  // goes on (marked as in progress), so that an interrupted run still leaves its result so far.
  const latest: Tally[] = [];
  let written = performance.now();
  const pool = new WorkerPool({ handler: new URL(import.meta.url), jobs: config.jobs });
  const tallies = await Promise.all(
    Array.from({ length: config.jobs }, (_, worker) =>
      pool.run<Tally>(
        { config, worker },
        {
          onNote: (tally) => {
            latest[worker] = tally as Tally;
            const done = latest.reduce((sum, t) => sum + (t?.grids ?? 0), 0);
            process.stderr.write(`fuzz: ${done} of ${config.grids} grids\n`);
            if (performance.now() - written > 300_000) {
              written = performance.now();
              report(
                latest.filter((t) => t !== undefined),
                true,
              );
            }
          },
        },
      ),
    ),
  );
  await pool.close();
  const body = report(tallies, false);
  process.stdout.write(`${body}\n`);
  process.exitCode = tallies.some((t) => t.disagreements.length > 0) ? 1 : 0;
}
