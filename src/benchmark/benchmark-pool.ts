/**
 * The benchmark on the worker pool (src/pool/; `worker.ts` is the handler): the puzzles of a set
 * solved on parallel workers.
 *
 * Each worker loads the engine once and keeps it for every set. A set's grids are put in shared
 * memory; each task names one puzzle of it, handed out when a worker is free, and each answer
 * comes back as soon as it is found.
 *
 * Time limit: a puzzle's clock starts when it is handed out (for the first puzzle of each worker,
 * optionally at `firstStartedAt`), so a worker's start-up counts too. The engine stops itself at
 * `timeoutMs`; a worker that has not answered `graceMs` later (an engine that cannot be
 * interrupted) is ended by the pool, the puzzle counts as a timeout, and a fresh worker takes
 * over. A worker that crashes is replaced the same way, its puzzle answered as an error.
 */
import { SolverError, TimeoutError } from '../control/errors.js';
import { Limit } from '../control/limit.js';
import { WorkerPool } from '../pool/pool.js';
import type { Puzzle } from '../puzzle/puzzle.js';
import type { Proof } from '../solve/engines.js';
import type { Answer } from './judge.js';
import { median } from './stats.js';
import {
  bytesToShading,
  packPuzzles,
  type BenchTask,
  type PackedPuzzles,
  type RetimeAnswer,
  type SolveAnswer,
  type WorkerConfig,
} from './protocol.js';

/**
 * Without a time limit, a puzzle solved in under `retimeBelowMs` is timed again after the set, by
 * the worker that solved it, in passes over all such puzzles of the set: at least `retimePasses`
 * passes and for at least `retimeBudgetMs`; its time is the median over the passes (worker.ts says
 * why). In a set whose median solve is under `retimeBelowMs`, every puzzle solved in under
 * `retimeOutlierMs` is timed again too: there a solve of several milliseconds is most likely a
 * fast puzzle that a pause (a collection, another process) caught, and kept as it was, its one
 * timing would stand in the set's order statistics. With a limit, a limit bounds one solve as it
 * always has, and each puzzle is solved once.
 */
const retimeBelowMs = 1;
const retimeOutlierMs = 50;
const retimePasses = 5;
const retimeBudgetMs = 1000;

export interface PoolOptions extends WorkerConfig {
  /** Worker threads (at least 1). */
  readonly jobs: number;
  /** Each puzzle's time limit, counted from when it is handed out (see firstStartedAt). */
  readonly timeoutMs?: number;
  /**
   * performance.now() from which the time limit of each worker's first puzzle counts; by default
   * from when it is handed out. The CLI passes 0, the process start: with one puzzle, `bench
   * --timeout` then ends within its limit, start-up included, as every command does.
   */
  readonly firstStartedAt?: number;
}

export interface PuzzleAnswer extends Answer {
  /** The puzzle's index in the list given to `solveAll`. */
  readonly index: number;
  /** The engine call, timed in the worker (for a worker ended at the time limit: until then). */
  readonly timeMs: number;
  /** How the verdict was proven; absent when the worker was ended. */
  readonly proof?: Proof;
}

export interface PoolRun {
  /** `answers[k]` for puzzle k. */
  readonly answers: PuzzleAnswer[];
  /** Wall clock from the first batch handed out to the last answer (the re-timing comes after). */
  readonly wallMs: number;
}

/**
 * How long after the engine's own time limit a silent worker is ended: 10% of the limit, at
 * least 50 ms, so that no puzzle runs more than 10% (or 50 ms) past it. An engine that stops
 * itself (CaDiCaL, the external solver) answers well within that; a worker that is ended costs
 * only a fresh worker's start-up, outside any puzzle's time.
 */
function graceMs(timeoutMs: number): number {
  return Math.max(50, timeoutMs / 10);
}

// Through ../bench/ so that the path also holds from the CLI bundle in dist/src/cli/.
const handlerUrl = new URL('../benchmark/benchmark-worker.js', import.meta.url);

export class SolverPool {
  private readonly pool: WorkerPool;
  /** Tasks still to be handed out that count from `firstStartedAt` (one per worker). */
  private firstLeft: number;

  constructor(readonly options: PoolOptions) {
    const { jobs, firstStartedAt: _first, timeoutMs: _limit, ...config } = options;
    // Its solves' times are the result: none waits on an optimising compile (pool.ts, spawn).
    this.pool = new WorkerPool({ handler: handlerUrl, init: config satisfies WorkerConfig, jobs, concurrentCompiles: true });
    this.firstLeft = jobs;
    // Every worker loads the engine now, while the sets are read.
    this.pool.start();
  }

  get jobs(): number {
    return this.pool.jobs;
  }

  /**
   * Every worker solves the puzzles in order (answers discarded), to load the engine and warm
   * the JIT, until it has solved them all or `budgetMs` has passed (each solves at least one).
   */
  async warmUp(puzzles: readonly Puzzle[], budgetMs = Infinity): Promise<void> {
    if (puzzles.length === 0) return;
    const packed = packPuzzles(puzzles);
    const until = performance.now() + budgetMs;
    await Promise.all(
      Array.from({ length: this.jobs }, async (_, worker) => {
        for (let index = 0; index < puzzles.length && (index === 0 || performance.now() < until); index++)
          await this.solveOne(packed, index, worker);
      }),
    );
  }

  /**
   * Solves each puzzle once, on whichever worker is free, then (without a time limit) times the
   * fast ones again (see retimeBelowMs). `onAnswer` hears each answer of the first pass.
   */
  async solveAll(puzzles: readonly Puzzle[], onAnswer?: (answer: PuzzleAnswer) => void): Promise<PoolRun> {
    const answers: PuzzleAnswer[] = new Array<PuzzleAnswer>(puzzles.length);
    const solvedBy = new Int32Array(puzzles.length);
    const packed = packPuzzles(puzzles);
    const start = performance.now();
    let last = start;
    let next = 0;
    // One puzzle per worker in flight: each is handed out when a worker is free for it, so its
    // clock starts then.
    await Promise.all(
      Array.from({ length: Math.min(this.jobs, puzzles.length) }, async () => {
        while (next < puzzles.length) {
          const index = next++;
          const answer = await this.solveOne(packed, index, undefined, (worker) => {
            solvedBy[index] = worker;
          });
          answers[index] = answer;
          last = performance.now();
          onAnswer?.(answer);
        }
      }),
    );
    const wallMs = puzzles.length === 0 ? 0 : last - start;
    if (this.options.timeoutMs === undefined) await this.retime(packed, answers, solvedBy);
    return { answers, wallMs };
  }

  /**
   * One puzzle on the pool. Its clock starts now (for the first puzzle of each worker, at
   * firstStartedAt when given: the workers' start-up counts), and the engine stops itself at the
   * limit; a worker silent `graceMs` later is ended and the puzzle is a timeout. A worker that
   * crashes makes the puzzle an error; one that keeps crashing ends the run.
   */
  private async solveOne(packed: PackedPuzzles, index: number, worker?: number, onStart?: (worker: number) => void): Promise<PuzzleAnswer> {
    const { timeoutMs, firstStartedAt } = this.options;
    const now = performance.now();
    const since = this.firstLeft-- > 0 && firstStartedAt !== undefined ? Math.min(firstStartedAt, now) : now;
    const task: BenchTask = { type: 'solve', puzzles: packed, index };
    try {
      const answer = await this.pool.run<SolveAnswer>(task, {
        ...(timeoutMs === undefined ? {} : { limit: Limit.after(timeoutMs, undefined, since), graceMs: graceMs(timeoutMs) }),
        ...(worker === undefined ? {} : { worker }),
        ...(onStart === undefined ? {} : { onStart }),
      });
      return {
        index,
        status: answer.status,
        solutions: answer.shadings.map(bytesToShading),
        timeMs: answer.timeMs,
        proof: answer.proof,
        ...(answer.error === undefined ? {} : { error: answer.error }),
      };
    } catch (error) {
      if (this.pool.failure !== undefined) throw this.pool.failure;
      const timeMs = performance.now() - since;
      if (error instanceof SolverError) return { index, status: 'error', solutions: [], timeMs, error: error.message };
      if (error instanceof TimeoutError) return { index, status: 'timeout', solutions: [], timeMs };
      throw error;
    }
  }

  /** Each worker times the fast puzzles it solved again; their answers get the passes' medians. */
  private async retime(packed: PackedPuzzles, answers: PuzzleAnswer[], solvedBy: Int32Array): Promise<void> {
    if (answers.length === 0) return;
    const below = median(answers.map((a) => a.timeMs)) < retimeBelowMs ? retimeOutlierMs : retimeBelowMs;
    const byWorker = Array.from({ length: this.jobs }, (): number[] => []);
    answers.forEach((answer, index) => {
      if (answer.timeMs < below && !['timeout', 'error', 'refused'].includes(answer.status)) byWorker[solvedBy[index]!]!.push(index);
    });
    const timed = await Promise.all(
      byWorker.map((indices, worker) =>
        indices.length === 0
          ? []
          : this.pool
              .run<RetimeAnswer>(
                { type: 'retime', puzzles: packed, indices, minPasses: retimePasses, budgetMs: retimeBudgetMs } satisfies BenchTask,
                { worker },
              )
              // A re-timing that fails (its worker crashed) leaves the puzzles the times of their one solve.
              .catch((): RetimeAnswer => []),
      ),
    );
    for (const [worker, timesMs] of timed.entries()) {
      for (const [j, timeMs] of timesMs.entries()) {
        const index = byWorker[worker]![j]!;
        if (Number.isFinite(timeMs)) answers[index] = { ...answers[index]!, timeMs };
      }
    }
  }

  /** Ends every worker. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
