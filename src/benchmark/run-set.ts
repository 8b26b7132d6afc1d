/**
 * The benchmark: warm up every worker (on puzzles of the sets' sizes, not their own), then solve the sets one after another, judge each answer
 * in the main thread (once its set is done, so that the checking does not compete with the
 * workers for CPU while throughput is measured), and summarize each set (times, throughput,
 * memory, failures).
 *
 * Times are per puzzle, measured in the worker around the engine call (for `sat`: the whole
 * `solveHitori` call: encode, create the backend, solve, prove uniqueness, dispose); the puzzles
 * solved in under a millisecond are timed again after the set, in passes over them all for at
 * least a second, and each keeps its median over the passes (pool.ts, worker.ts), as one such timing
 * is mostly noise. Throughput is puzzles per second of wall clock while the set ran
 * (warm-up and re-timing excluded), so with several workers
 * it shows what they achieve together. Memory is `process.resourceUsage().maxRSS`, the high-water
 * mark of the whole process, worker threads included, read when the set is done: it never goes
 * down, so for the second set of a run it covers the first one too.
 */
import { numberCells, randomShading, seededRandom } from '../generate/generate.js';
import { geometry } from '../puzzle/geometry.js';
import type { Puzzle } from '../puzzle/puzzle.js';
import type { BenchBackend, BenchConnectivity, Engine } from './engines.js';
import { judgeAnswer, type Outcome } from './judge.js';
import type { PuzzleOutcome, SetReport } from './report.js';
import type { SolverPool } from './benchmark-pool.js';
import type { BenchRecord, BenchSet } from './sets.js';
import { perSecond, summarizeTimes } from './stats.js';

export interface BenchOptions {
  readonly engine: Engine;
  readonly backend: BenchBackend;
  readonly connectivity: BenchConnectivity;
  readonly jobs: number;
  /** Time limit per puzzle. */
  readonly timeoutMs?: number;
  /** See PoolOptions.firstStartedAt. */
  readonly firstStartedAt?: number;
  /** Puzzles every worker solves untimed before the first set (default 50)... */
  readonly warmup?: number;
  /** ...or fewer, when this many milliseconds have passed (default 2000; at least one is solved). */
  readonly warmupBudgetMs?: number;
  readonly onProgress?: (progress: BenchProgress) => void;
}

interface BenchProgress {
  readonly phase: 'warm-up' | 'solving';
  /** 1-based position of the set being solved, and how many there are. */
  readonly set: number;
  readonly sets: number;
  readonly name: string;
  readonly done: number;
  readonly n: number;
  /** Answers of this set that are not correct (known once the set is done, else 0). */
  readonly failed: number;
}

export const defaultWarmup = 50;
export const defaultWarmupBudgetMs = 2000;

/** The longest line of a size the warm-up makes puzzles of (see warmupPuzzles). */
const maxWarmupLine = 60;

/**
 * The warm-up puzzles: `count` puzzles made for the purpose, of every size present in the sets
 * (the sizes taken in turn), none of them from the sets. A small set warmed up on its own puzzles
 * would be measured on code the JIT has already fitted to those very puzzles, and one warmed up
 * on other sizes would not be warm at all (medians of an 8-puzzle set moved by 2-11 ms between
 * runs). Each is planted as the generator plants a solution (src/generate/generate.ts, steps 1-3:
 * a random valid shading, numbered so that it is a solution), which takes microseconds; most
 * have several solutions, so they warm up the deductions and the SAT path alike. Seeded by size
 * and position, so every run warms up on the same puzzles.
 */
export function warmupPuzzles(sets: readonly BenchSet[], count: number): Puzzle[] {
  // Only sizes with lines of at most 60 cells: making a planted puzzle takes time that grows
  // faster than its lines (two 1x20000 rows: 28 s), and a puzzle that large outweighs any JIT
  // warm-up in its own timing.
  const sizes = [
    ...new Map(
      sets.flatMap((set) =>
        set.records
          .filter((r) => Math.max(r.puzzle.rows, r.puzzle.cols) <= maxWarmupLine)
          .map((r) => [`${r.puzzle.rows}x${r.puzzle.cols}`, r.puzzle] as const),
      ),
    ).values(),
  ];
  const out: Puzzle[] = [];
  for (let k = 0; out.length < count && k < 2 * count && sizes.length > 0; k++) {
    const { rows, cols } = sizes[k % sizes.length]!;
    const random = seededRandom(`warm-up ${rows}x${cols} ${Math.floor(k / sizes.length)}`);
    const g = geometry(rows, cols);
    const values = numberCells(g, randomShading(g, random), Math.max(rows, cols), random);
    if (values !== null) out.push({ rows, cols, values });
  }
  return out;
}

export async function benchSets(sets: readonly BenchSet[], options: BenchOptions): Promise<SetReport[]> {
  // Loaded here, not at the top: the pool brings in worker threads, which no other command needs.
  const { SolverPool } = await import('./benchmark-pool.js');
  const pool = new SolverPool({
    jobs: options.jobs,
    engine: options.engine,
    backend: options.backend,
    connectivity: options.connectivity,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.firstStartedAt === undefined ? {} : { firstStartedAt: options.firstStartedAt }),
  });
  try {
    const warm = warmupPuzzles(sets, options.warmup ?? defaultWarmup);
    options.onProgress?.({ phase: 'warm-up', set: 0, sets: sets.length, name: '', done: 0, n: warm.length, failed: 0 });
    await pool.warmUp(warm, options.warmupBudgetMs ?? defaultWarmupBudgetMs);
    const reports: SetReport[] = [];
    for (const [k, set] of sets.entries()) reports.push(await benchSet(pool, set, k, sets.length, options));
    return reports;
  } finally {
    await pool.close();
  }
}

async function benchSet(pool: SolverPool, set: BenchSet, k: number, count: number, options: BenchOptions): Promise<SetReport> {
  let done = 0;
  const report = (failed: number) =>
    options.onProgress?.({ phase: 'solving', set: k + 1, sets: count, name: set.name, done, n: set.records.length, failed });
  report(0);
  const { answers, wallMs } = await pool.solveAll(
    set.records.map((r) => r.puzzle),
    () => {
      done++;
      report(0);
    },
  );
  // Judged once the set is done, so that checking does not take CPU from the workers while the
  // throughput is measured.
  const outcomes = answers.map((answer, index): PuzzleOutcome => {
    const record: BenchRecord = set.records[index]!;
    const judgement = judgeAnswer(record.puzzle, record.expected, answer);
    return {
      id: record.id,
      line: record.line,
      outcome: judgement.outcome,
      timeMs: answer.timeMs,
      ...(judgement.problem === undefined ? {} : { problem: judgement.problem }),
    };
  });
  report(outcomes.filter((o) => o.outcome !== 'correct').length);
  const times = outcomes.map((o) => o.timeMs);
  return {
    name: set.name,
    n: set.records.length,
    correct: outcomes.filter((o) => o.outcome === 'correct').length,
    ...summarizeTimes(times),
    perSecond: perSecond(set.records.length, wallMs),
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    backend: options.backend,
    connectivity: options.connectivity,
    engine: options.engine,
    jobs: pool.jobs,
    proofs: {
      deduction: answers.filter((a) => a.proof === 'deduction').length,
      sat: answers.filter((a) => a.proof === 'sat').length,
    },
    failures: outcomes.filter((o) => o.outcome !== 'correct'),
    wallMs,
  };
}

/** The worst outcome of a run: any wrong answer, else any solver failure, else any refused puzzle, else any timeout, else any stuck. */
export function overallOutcome(reports: readonly SetReport[]): Outcome {
  const all = reports.flatMap((r) => r.failures.map((f) => f.outcome));
  for (const outcome of ['wrong', 'error', 'refused', 'timeout', 'stuck'] as const) if (all.includes(outcome)) return outcome;
  return 'correct';
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The `--json` object: `{"sets": [...]}`, failures as puzzle ids. */
export function benchJson(reports: readonly SetReport[]) {
  return {
    sets: reports.map((r) => ({
      name: r.name,
      n: r.n,
      correct: r.correct,
      medianMs: round(r.medianMs, 3),
      p95Ms: round(r.p95Ms, 3),
      maxMs: round(r.maxMs, 3),
      perSecond: round(r.perSecond, 2),
      peakRssMiB: round(r.peakRssMiB, 1),
      backend: r.backend,
      connectivity: r.connectivity,
      engine: r.engine,
      jobs: r.jobs,
      proofs: r.proofs,
      failures: r.failures.map((f) => f.id),
    })),
  };
}

export type BenchJson = ReturnType<typeof benchJson>;
