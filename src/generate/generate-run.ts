/**
 * Many puzzles, on one thread or several: puzzle k of a run seeded S is `generatePuzzle(spec,
 * "S:k")` wherever it is made, so the output is the same whatever `jobs` is. Workers take the next
 * index as soon as they finish one; results are handed on in index order as soon as the prefix is
 * complete. At the deadline the run stops and keeps the complete prefix.
 */
import type { Worker } from 'node:worker_threads';
import { symbolsProblem } from './fewest-symbols.js';
import { generatePuzzle, puzzleSeed, specProblem, symbolsOf, type GeneratedPuzzle, type GenerateSpec } from './generate.js';
import { TimeoutError, UsageError } from '../job/errors.js';

export interface RunOptions {
  readonly count: number;
  readonly seed: string | number;
  /** Worker threads; 1 (the default) works on the calling thread. */
  readonly jobs?: number;
  readonly timeoutMs?: number;
  /** Each puzzle, in index order, as soon as it and all before it are made. */
  readonly onPuzzle?: (puzzle: GeneratedPuzzle, index: number) => void;
}

export interface RunResult {
  readonly puzzles: GeneratedPuzzle[];
  /** False when the time limit stopped the run before `count` puzzles. */
  readonly complete: boolean;
  readonly wallMs: number;
}

/** What a worker is sent, and what it answers. */
export interface WorkRequest {
  readonly spec: GenerateSpec;
  readonly seed: string;
  readonly index: number;
  readonly deadline?: number;
}
export type WorkAnswer =
  | { readonly index: number; readonly puzzle: GeneratedPuzzle }
  | { readonly index: number; readonly error: { readonly name: string; readonly message: string } };

export async function generateMany(spec: GenerateSpec, options: RunOptions): Promise<RunResult> {
  const start = performance.now();
  const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
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
  const problem = specProblem(spec) ?? (await symbolsProblem(spec.rows, spec.cols, symbolsOf(spec), deadline));
  if (problem !== null) throw new UsageError(problem);
  const jobs = Math.max(1, Math.min(options.jobs ?? 1, options.count));
  let complete = true;
  try {
    if (jobs === 1) {
      for (let index = 0; index < options.count; index++) {
        deliver(index, await generatePuzzle(spec, puzzleSeed(options.seed, index), deadline));
      }
    } else {
      await onWorkers(spec, options, jobs, deadline, deliver);
    }
  } catch (error) {
    if (!(error instanceof TimeoutError)) throw error;
    complete = false;
  }
  return { puzzles: done, complete, wallMs: performance.now() - start };
}

async function onWorkers(
  spec: GenerateSpec,
  options: RunOptions,
  jobs: number,
  deadline: number | undefined,
  deliver: (index: number, puzzle: GeneratedPuzzle) => void,
): Promise<void> {
  const { Worker } = await import('node:worker_threads');
  // The path goes through ../generate/ so that it also holds from the CLI bundle in dist/src/cli/.
  const url = new URL('../generate/generate-worker.js', import.meta.url);
  const workers: Worker[] = [];
  let next = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let finished = 0;
      let failed = false;
      const fail = (error: Error) => {
        if (failed) return;
        failed = true;
        reject(error);
      };
      const give = (worker: Worker) => {
        if (next >= options.count) {
          if (++finished === jobs) resolve();
          return;
        }
        const request: WorkRequest = {
          spec,
          seed: puzzleSeed(options.seed, next),
          index: next,
          ...(deadline === undefined ? {} : { deadline }),
        };
        next++;
        worker.postMessage(request);
      };
      for (let k = 0; k < jobs; k++) {
        const worker = new Worker(url);
        workers.push(worker);
        worker.on('message', (answer: WorkAnswer) => {
          if ('error' in answer) {
            fail(
              answer.error.name === 'TimeoutError'
                ? new TimeoutError(answer.error.message)
                : Object.assign(new Error(answer.error.message), { name: answer.error.name }),
            );
            return;
          }
          if (failed) return;
          deliver(answer.index, answer.puzzle);
          give(worker);
        });
        worker.on('error', fail);
        give(worker);
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
