/**
 * The benchmark pool's handler (`pool.ts`), run on the worker pool (src/pool/). Loads the engine
 * once per worker; solves the puzzle a task names, timed here; asked to, times a set's fast
 * puzzles again (`retime`).
 */
import { errorKindOf, firstLine } from '../control/errors.js';
import type { Limit } from '../control/limit.js';
import type { TaskContext } from '../pool/pool.js';
import { solveWith, type BenchConfig, type EngineAnswer } from './engines.js';
import { median } from './stats.js';
import { shadingToBytes, unpackPuzzle, type BenchTask, type RetimeAnswer, type SolveAnswer, type WorkerConfig } from './protocol.js';

let options: BenchConfig;
const spent: EngineAnswer = { status: 'timeout', solutions: [], proof: null };

export function init(config: WorkerConfig): void {
  options = { engine: config.engine, backend: config.backend, connectivity: config.connectivity };
}

export function handle(task: BenchTask, context: TaskContext): Promise<SolveAnswer | RetimeAnswer> {
  return task.type === 'retime' ? retime(task) : solve(task, context.limit);
}

/** One puzzle, under the task's limit: it counts from when the pool handed the puzzle out, as the pool's own does. */
async function solve({ puzzles, index }: Extract<BenchTask, { type: 'solve' }>, limit: Limit): Promise<SolveAnswer> {
  let start = performance.now();
  try {
    const puzzle = unpackPuzzle(puzzles, index);
    // The clock runs from here: the time is the engine's, not that of copying the puzzle out.
    start = performance.now();
    // A limit spent before the worker got to the puzzle (its start-up took it) is a timeout.
    const result = !limit.timed ? await solveWith(puzzle, options) : limit.expired ? spent : await solveWith(puzzle, { ...options, limit });
    return {
      status: result.status,
      shadings: result.solutions.slice(0, 2).map(shadingToBytes),
      timeMs: performance.now() - start,
      proof: result.proof,
    };
  } catch (error) {
    // A grid too large for the chosen encoding is refused, as every command refuses it: it is
    // the input's size, not a failure of the solver.
    const refused = errorKindOf(error) === 'too-large';
    const name = error instanceof Error ? `${error.name}: ` : '';
    return {
      status: refused ? 'refused' : 'error',
      shadings: [],
      timeMs: performance.now() - start,
      proof: null,
      error: refused ? firstLine(error) : `${name}${firstLine(error)}`,
    };
  }
}

/**
 * Times the puzzles again, for a steady-state time of puzzles too fast for one timing to mean
 * much: passes over them all, each puzzle once per pass and in turn, at least `minPasses` passes
 * and until `budgetMs` has passed; each puzzle's time is the median over the passes. Before, a
 * fast puzzle was timed five times in a row: those five timings fell within half a millisecond,
 * so whatever slowed the machine then slowed all five, and they trained the processor on that one
 * puzzle (its five times fell from about 0.17 to 0.10 ms on a 20x20) where a set's puzzles come
 * one after another. The medians of an 8-puzzle set over 20 processes spread by ±58% that way and
 * by ±14% over 300 ms of passes; with the machine's other core busy, runs of 300 ms of passes
 * still landed in slow stretches of the machine (a fifth of the runs 1.3-1.5x slower), runs of
 * 1 s seldom (BENCH.md, deduction).
 */
async function retime(message: Extract<BenchTask, { type: 'retime' }>): Promise<RetimeAnswer> {
  const { puzzles, indices } = message;
  const times = indices.map((): number[] => []);
  const failed = new Set<number>();
  const until = performance.now() + message.budgetMs;
  for (let pass = 0; failed.size < indices.length && (pass < message.minPasses || performance.now() < until); pass++) {
    for (const [k, index] of indices.entries()) {
      if (failed.has(k)) continue;
      // A fresh copy each time, as the first solve had, made before the clock starts.
      const puzzle = unpackPuzzle(puzzles, index);
      const start = performance.now();
      try {
        await solveWith(puzzle, options);
      } catch {
        // It was answered once already; a failure now leaves it its first time.
        failed.add(k);
        continue;
      }
      times[k]!.push(performance.now() - start);
    }
  }
  return times.map((t, k) => (failed.has(k) || t.length === 0 ? Number.NaN : median(t)));
}
