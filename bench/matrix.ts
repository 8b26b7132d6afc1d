/**
 * `npm run bench` (`node dist/bench/matrix.js`): the standard benchmark matrix. Writes the
 * BENCH.md sections "matrix", "matrix-jobs", "matrix-engines", "matrix-cli" and
 * "matrix-native", one module each in bench/matrix/ (how each measures: docs/benchmarks.md).
 *
 *   node dist/bench/matrix.js [--layered-limit N] [--jobs-rounds N] [--cli-runs N] [--no-native] [--no-write] [--quick]
 *
 * matrix: `hitori-sat bench` (the built command, one process per set and configuration, one
 * worker) on the sets of bench/sets from 9x9 to 30x30, for cadical and minisat, with lazy and
 * layered connectivity; layered runs take the first N (20) puzzles of a set and stop at 25x25.
 * The 48x48 and 50x50 sets (two or more solutions: find one, decide it is not unique) run on
 * cadical with lazy connectivity only.
 *
 * matrix-jobs: all janko 17x17 with --jobs 1 and --jobs 2, alternating, puzzles per second.
 *
 * matrix-engines: the sat, rules and hybrid engines on every 17x17 set.
 *
 * matrix-cli: the wall time of one `hitori-sat solve` process on a 17x17, against `node -e 0`.
 *
 * matrix-native: the complete layered CNF (`encodeHitori` with connectivity `layers` + `toDimacs`,
 * what `hitori-sat dimacs` writes) of every janko 17x17, solved by the Debian `cadical` and
 * `minisat` binaries when they are on the PATH; and the size of the CNF per puzzle size.
 *
 * --quick makes every part small (a smoke test of this program); its numbers mean nothing.
 *
 * Runs `hitori-sat bench` as a process per set and configuration (each starts cold and alone);
 * matrix-native goes below the door to compare encodings.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { commandLine, progress, revision, writeSection } from './lib.js';
import { cliSection, wallTimes } from './matrix/cli.js';
import { enginesSection, engineNames } from './matrix/engines.js';
import { type JobsResult, jobsRuns, jobsSection } from './matrix/jobs.js';
import { cnfSizes, nativeRuns, nativeSection } from './matrix/native.js';
import {
  type BenchRun,
  backends,
  bench,
  bigSets,
  type Capacity,
  type Context,
  connectivities,
  engineSets,
  jobsSet,
  layeredMaxSize,
  loadSet,
  parallelCapacity,
  setLabel,
  snapshotDist,
  standardSets,
} from './matrix/run.js';
import { matrixSection } from './matrix/standard.js';

interface Settings {
  readonly quick: boolean;
  readonly native: boolean;
  readonly write: boolean;
  readonly layeredLimit: number;
  readonly jobsRounds: number;
  readonly cliRuns: number;
  readonly lazyLimit: number | undefined;
  readonly sizeLimit: number;
}

function settings(): Settings {
  const { values } = parseArgs({
    options: {
      'layered-limit': { type: 'string', default: '20' },
      'jobs-rounds': { type: 'string', default: '2' },
      'cli-runs': { type: 'string', default: '20' },
      'no-native': { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const number = (name: 'layered-limit' | 'jobs-rounds' | 'cli-runs') => {
    const n = Number(values[name]);
    if (!(Number.isInteger(n) && n > 0)) throw new Error(`--${name} must be a positive integer`);
    return n;
  };
  const quick = values.quick;
  return {
    quick,
    native: !values['no-native'],
    write: !values['no-write'],
    layeredLimit: quick ? 2 : number('layered-limit'),
    jobsRounds: quick ? 1 : number('jobs-rounds'),
    cliRuns: quick ? 3 : number('cli-runs'),
    lazyLimit: quick ? 5 : undefined,
    sizeLimit: quick ? 2 : 20,
  };
}

async function matrix(ctx: Context, s: Settings): Promise<void> {
  const clock = performance.now();
  const elapsed = () => `${((performance.now() - clock) / 1000).toFixed(0)} s`;
  const sections: [string, string][] = [];

  progress('matrix: how many cores are free');
  const capacity = await parallelCapacity();
  progress(
    `matrix: ${standardSets.length} sets x ${backends.length} backends x ${connectivities.length} connectivities, then ${bigSets.length} big sets`,
  );
  const runs: BenchRun[] = [];
  for (const spec of standardSets) {
    for (const connectivity of connectivities) {
      if (connectivity === 'layers' && spec.rows > layeredMaxSize) continue;
      const limit = connectivity === 'layers' ? s.layeredLimit : s.lazyLimit;
      for (const backend of backends) runs.push(bench({ spec, backend, connectivity, jobs: 1, limit }));
    }
    progress(`matrix: ${setLabel(spec)} done (${elapsed()})`);
  }
  const big = bigSets.map((spec) => bench({ spec, backend: 'cadical', connectivity: 'lazy', jobs: 1, limit: s.lazyLimit }));
  sections.push(['matrix', matrixSection({ runs, big, layeredLimit: s.layeredLimit, lazyLimit: s.lazyLimit, capacity }, ctx)]);

  progress(`matrix-jobs: janko 17x17, --jobs 1 and 2, ${s.jobsRounds} round(s) (${elapsed()})`);
  const capacities: Capacity[] = [];
  const jobs: JobsResult[] = [];
  for (const connectivity of connectivities) {
    capacities.push(await parallelCapacity());
    const repeat = connectivity === 'lazy' ? 10 : 1;
    jobs.push(jobsRuns({ connectivity, rounds: s.jobsRounds, repeat, limit: s.quick ? 6 : undefined }));
  }
  capacities.push(await parallelCapacity());
  sections.push(['matrix-jobs', jobsSection(jobs, capacities, ctx)]);

  progress(`matrix-engines: SAT, rules and hybrid on every 17x17 set (${elapsed()})`);
  const engineRuns = engineSets.map((spec) => ({
    spec,
    runs: engineNames.map((engine) => bench({ spec, backend: 'cadical', connectivity: 'lazy', jobs: 1, limit: s.lazyLimit, engine })),
  }));
  sections.push(['matrix-engines', await enginesSection(engineRuns, ctx)]);

  progress(`matrix-cli: ${s.cliRuns} runs (${elapsed()})`);
  sections.push(['matrix-cli', cliSection(wallTimes(s.cliRuns), ctx)]);

  if (s.native) {
    progress(`matrix-native: every janko 17x17 as layered DIMACS (${elapsed()})`);
    const set = loadSet(jobsSet);
    const solvers = nativeRuns(set, s.quick ? 3 : undefined);
    progress(`matrix-native: CNF sizes (${elapsed()})`);
    const sizes = cnfSizes(standardSets, s.sizeLimit);
    const puzzles = Math.min(set.records.length, s.quick ? 3 : Infinity);
    sections.push(['matrix-native', nativeSection({ solvers, sizes, set: jobsSet, puzzles }, ctx)]);
  }

  for (const [name, body] of sections) {
    if (!s.write) process.stdout.write(`${body}\n`);
    else {
      writeSection(name, body);
      progress(`wrote the "${name}" section of BENCH.md`);
    }
  }
  progress(`matrix: done in ${elapsed()}`);
  const wrong = [...runs, ...big, ...jobs.flatMap((j) => j.runs)].some((r) => r.exitCode === 1);
  process.exitCode = wrong ? 1 : 0;
}

async function main(): Promise<void> {
  const s = settings();
  const ctx: Context = { command: commandLine('matrix.js'), started: new Date(), code: revision(), loadStart: os.loadavg()[0]! };
  const disposeSnapshot = snapshotDist();
  try {
    await matrix(ctx, s);
  } finally {
    disposeSnapshot();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`matrix: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 2;
});
