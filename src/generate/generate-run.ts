/**
 * Many puzzles, on one thread or several: puzzle k of a run seeded S is `generatePuzzle(spec,
 * "S:k")` wherever it is made, so the output is the same whatever `jobs` is. Workers (the pool's)
 * take the next index as soon as they finish one; results are handed on in index order as soon as
 * the prefix is complete. At the limit the run stops and keeps the complete prefix: a result
 * marked partial (`complete: false`), the run's one way of stopping at a limit.
 */
import { symbolsProblem } from '../maxblack/fewest-symbols.js';
import { generatePuzzle, puzzleSeed, specProblem, symbolsOf, type GeneratedPuzzle, type GenerateSpec } from './generate.js';
import { TimeoutError, UsageError } from '../control/errors.js';
import { Limit } from '../control/limit.js';
import { inOrder, WorkerPool } from '../pool/pool.js';
import { jobsWithin } from '../pool/job-count.js';

export interface RunOptions {
  readonly count: number;
  readonly seed: string | number;
  /** Worker threads; 1 (the default) works on the calling thread. */
  readonly jobs?: number;
  readonly limit?: Limit;
  /** Each puzzle, in index order, as soon as it and all before it are made. */
  readonly onPuzzle?: (puzzle: GeneratedPuzzle, index: number) => void;
  /** Each shading tried for puzzle `index` (1-based `tries`, time since it started); on one thread only. */
  readonly onTry?: (index: number, tries: number, elapsedMs: number) => void;
}

export interface RunResult {
  readonly puzzles: GeneratedPuzzle[];
  /** False when the time limit stopped the run before `count` puzzles. */
  readonly complete: boolean;
  readonly wallMs: number;
}

/** What a worker is sent. */
export interface WorkRequest {
  readonly spec: GenerateSpec;
  readonly seed: string;
}

export async function generateMany(spec: GenerateSpec, options: RunOptions): Promise<RunResult> {
  const start = performance.now();
  const limit = options.limit ?? Limit.none;
  const done: GeneratedPuzzle[] = [];
  const ready = new Map<number, GeneratedPuzzle>();
  const deliver = (index: number, puzzle: GeneratedPuzzle) => {
    ready.set(index, puzzle);
    for (let next = ready.get(done.length); next !== undefined; next = ready.get(done.length)) {
      ready.delete(done.length);
      options.onPuzzle?.(next, done.length);
      done.push(next);
    }
  };
  // A spec with no puzzle is refused before any search: the cheap counts first, then the proof
  // that k symbols cannot number any grid of this size that has a solution.
  const problem = specProblem(spec) ?? (await symbolsProblem(spec.rows, spec.cols, symbolsOf(spec), limit));
  if (problem !== null) throw new UsageError(problem);
  // Under a short limit on this thread alone (pool/jobs.ts): each step of a puzzle checks the limit.
  const jobs = jobsWithin(Math.max(1, Math.min(options.jobs ?? 1, options.count)), limit.remainingMs());
  let complete = true;
  try {
    if (jobs === 1) {
      for (let index = 0; index < options.count; index++) {
        const onTry = options.onTry;
        const tried = onTry === undefined ? undefined : (tries: number, elapsedMs: number) => onTry(index, tries, elapsedMs);
        deliver(index, await generatePuzzle(spec, puzzleSeed(options.seed, index), limit, tried));
      }
    } else {
      await onWorkers(spec, options, jobs, limit, deliver);
    }
  } catch (error) {
    if (!(error instanceof TimeoutError)) throw error;
    complete = false;
  }
  return { puzzles: done, complete, wallMs: performance.now() - start };
}

// Through ../generate/ so that the path also holds from the CLI bundle in dist/src/cli/.
const handlerUrl = new URL('../generate/generate-worker.js', import.meta.url);

/** Past the limit, a worker still searching is ended this much later (the search stops itself at it). */
const graceMs = 50;

/** Puzzle k on the pool's workers, handed on in index order; the first failure (a TimeoutError at the limit) ends the run. */
async function onWorkers(
  spec: GenerateSpec,
  options: RunOptions,
  jobs: number,
  limit: Limit,
  deliver: (index: number, puzzle: GeneratedPuzzle) => void,
): Promise<void> {
  const pool = new WorkerPool({ handler: handlerUrl, jobs });
  const indices = Array.from({ length: options.count }, (_, index) => index);
  const make = (index: number) =>
    pool.run<GeneratedPuzzle>({ spec, seed: puzzleSeed(options.seed, index) } satisfies WorkRequest, {
      limit,
      graceMs,
    });
  try {
    let index = 0;
    // A few puzzles ahead per worker, so that none waits while an earlier, slower one is made.
    for await (const puzzle of inOrder(indices, jobs * 4, make)) deliver(index++, puzzle);
  } finally {
    void pool.close();
  }
}
