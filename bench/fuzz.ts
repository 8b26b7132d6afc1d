/**
 * `npm run fuzz`: the differential fuzz run of bench/fuzz-lib.ts on many grids (200,000 by
 * default), written to BENCH.md (section `fuzz`) with the machine, the command, the date and the
 * load average. Exit code 1 when anything disagrees. The grids go in ranges to the one worker
 * pool (src/pool/; bench/fuzz-worker.ts is the handler), which schedules them as it schedules
 * generate's puzzles and enumerate's items; each worker sends its solves through `run`.
 *
 *     npm run fuzz -- --grids 200000 --seed 1 --jobs 2 --minisat-every 50 --native-every 500 --generate-every 20
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { addTally, emptyTally, type FuzzConfig, type FuzzTask, type Tally } from './fuzz-worker.js';
import { commandLine, describeMachine, numberOption, progress, revision, timestamp, writeSection } from './lib.js';
import { resolveJobs } from '../src/pool/job-count.js';
import { inOrder, WorkerPool } from '../src/pool/pool.js';

function section(config: FuzzConfig, tally: Tally, loadBefore: number[], seconds: number, partial: boolean): string {
  const loadNow = os.loadavg();
  const { native } = config;
  const { disagreements, grids } = tally;
  return [
    `## fuzz: differential fuzzing against a brute force${partial ? ` (RUN IN PROGRESS: ${grids} of ${config.grids} grids so far)` : ''}`,
    '',
    `- Command: \`${commandLine('fuzz.js')}\`; ${timestamp()}; ${revision()}.`,
    `- Machine: ${describeMachine()}; load average ${loadBefore.map((x) => x.toFixed(1)).join(' ')} at the start, ${loadNow.map((x) => x.toFixed(1)).join(' ')} ${partial ? 'now' : 'at the end'} (a shared machine).`,
    `- Grids: ${grids} (seed ${config.seed}); the enumerator on ${tally.enumerated} of them, the generator on ${tally.generated} puzzles${native === null ? '' : `, the exported CNF on ${native}`}. ${generatorTimeoutsText(tally.generatorTimeouts)}`,
    `- Brute-force verdicts: ${tally.none} without a solution, ${tally.unique} unique, ${tally.several} with two or more.`,
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

/**
 * Grids per task: enough that a task's messages cost nothing beside its work (a grid takes a few
 * milliseconds), few enough that the workers share the run evenly to its end.
 */
function chunkSize(config: FuzzConfig): number {
  return Math.max(1, Math.min(250, Math.ceil(config.grids / (4 * config.jobs))));
}

const native = ['cadical', 'minisat'].find((p) => spawnSync(p, ['--help'], { stdio: 'ignore' }).error === undefined) ?? null;
const { jobs, warning } = resolveJobs(numberOption('jobs', 2));
if (warning !== undefined) process.stderr.write(`fuzz: warning: ${warning}\n`);
const config: FuzzConfig = {
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
const report = (tally: Tally, partial: boolean) => {
  const body = section(config, tally, loadBefore, (performance.now() - start) / 1000, partial);
  writeSection('fuzz', body);
  return body;
};
// The grids in ranges on the worker pool, a few ranges per worker in flight; the tallies are
// added up in the ranges' order, and the section is written every five minutes while the run goes
// on (marked as in progress), so that an interrupted run still leaves its result so far.
const size = chunkSize(config);
const tasks = Array.from(
  { length: Math.ceil(config.grids / size) },
  (_, k): FuzzTask => ({
    config,
    from: k * size,
    to: Math.min(config.grids, (k + 1) * size),
  }),
);
const total = emptyTally();
let written = performance.now();
const pool = new WorkerPool({ handler: new URL('./fuzz-worker.js', import.meta.url), jobs: config.jobs });
try {
  for await (const tally of inOrder(tasks, 2 * config.jobs, (task) => pool.run<Tally>(task))) {
    addTally(total, tally);
    progress(`fuzz: ${total.grids} of ${config.grids} grids`);
    if (performance.now() - written > 300_000) {
      written = performance.now();
      report(total, true);
    }
  }
} finally {
  await pool.close();
}
const body = report(total, false);
process.stdout.write(`${body}\n`);
process.exitCode = total.disagreements.length > 0 ? 1 : 0;
