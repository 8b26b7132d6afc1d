/** The "matrix-jobs" section: --jobs 2 against --jobs 1 on all janko 17x17. */
import { median, ms, table } from '../lib.js';
import { type BenchRun, bench, type Capacity, type Connectivity, type Context, capacityText, head, jobsSet, type SetJson } from './run.js';

export interface JobsResult {
  readonly connectivity: Connectivity;
  /** Passes over the set per process. */
  readonly repeat: number;
  readonly rounds: number;
  /** Every pass over the set, per job count. */
  readonly one: SetJson[];
  readonly two: SetJson[];
  readonly runs: BenchRun[];
}

export interface JobsPlan {
  readonly connectivity: Connectivity;
  readonly rounds: number;
  readonly repeat: number;
  readonly limit: number | undefined;
}

/** Rounds of --jobs 1 and --jobs 2, alternating which goes first. */
export function jobsRuns({ connectivity, rounds, repeat, limit }: JobsPlan): JobsResult {
  const one: SetJson[] = [];
  const two: SetJson[] = [];
  const runs: BenchRun[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [1, 2] : [2, 1];
    for (const jobs of order) {
      const run = bench({ spec: jobsSet, backend: 'cadical', connectivity, jobs, limit, repeat });
      runs.push(run);
      (jobs === 1 ? one : two).push(...run.repeats);
    }
  }
  return { connectivity, repeat, rounds, one, two, runs };
}

/** `capacity`: measured before the lazy runs, before the layered runs, and after them. */
export function jobsSection(results: JobsResult[], capacity: Capacity[], ctx: Context): string {
  const rows = results.map((r) => {
    const s1 = median(r.one.map((x) => x.perSecond));
    const s2 = median(r.two.map((x) => x.perSecond));
    const correct = [...r.one, ...r.two].map((x) => `${x.correct}/${x.n}`);
    const medians = [ms(median(r.one.map((x) => x.medianMs))), ms(median(r.two.map((x) => x.medianMs)))];
    const passes = `${r.rounds} x ${r.repeat}`;
    return [
      `cadical, ${r.connectivity}`,
      String(r.one[0]!.n),
      passes,
      s1.toFixed(1),
      s2.toFixed(1),
      (s2 / s1).toFixed(2),
      ...medians,
      [...new Set(correct)].join(', '),
    ];
  });
  const header = [
    'configuration',
    'puzzles',
    'passes per J',
    'jobs 1: puzzles/s',
    'jobs 2: puzzles/s',
    'jobs 2 / jobs 1',
    'jobs 1: median ms',
    'jobs 2: median ms',
    'correct per pass',
  ];
  const [lazy, layers, after] = capacity.map(capacityText);
  return [
    ...head('## matrix-jobs: --jobs 2 against --jobs 1, all janko 17x17', ctx),
    `- Cores free (2 x a CPU loop alone / two at once): before the lazy runs ${lazy ?? '-'}; before the layered runs ${layers ?? '-'}; after them ${after ?? '-'}.`,
    '',
    table(header, rows, [false, true, true, true, true, true, true, true, false]),
    '',
  ].join('\n');
}
