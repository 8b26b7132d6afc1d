/**
 * The Node solve: every backend, `external` included, and a hard time bound for each. CaDiCaL
 * and external solvers stop at the limit themselves; MiniSat cannot be interrupted, so under a
 * limit (a deadline or an AbortSignal) it runs in a worker thread that the pool ends at the
 * deadline or on abort. The limit crosses to the worker as its deadline (pool.ts), and a limit
 * that ends the worker is the same partial result as one the solve loop meets: status `timeout`
 * with the solutions found so far.
 */
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import { noStats } from '../sat/backend.js';
import { createNodeBackend } from '../sat/backends/node.js';
import { TimeoutError } from '../control/errors.js';
import { Limit } from '../control/limit.js';
import { WorkerPool } from '../pool/pool.js';
import { defaultEngine, solveWithEngine, type EngineOptions, type EngineResult } from './engines.js';
import { defaultBackend, defaultConnectivity } from './defaults.js';
import type { EncodedSize } from './solve.js';

// Through ../solve/ so that the path also holds from the CLI bundle in dist/src/cli/.
const handlerUrl = new URL('../solve/solve-worker.js', import.meta.url);

export async function solveBounded(puzzle: Puzzle, options: EngineOptions = {}): Promise<EngineResult> {
  const backend = options.backend ?? defaultBackend;
  const limit = options.limit ?? Limit.none;
  if (!limit.bounded || backend !== 'minisat') return solveWithEngine(puzzle, { openBackend: createNodeBackend, ...options });
  limit.throwIfAborted();
  const { onProgress, onSolution, onEncoded, limit: _limit, openBackend: _factory, ...cloneable } = options;
  // The worker's solutions so far: a time limit reports them rather than nothing.
  const found: Shading[] = [];
  // And the CNF's size, once the worker has built it: a time limit reports it too.
  let encoded: EncodedSize = {
    encoding: `${options.connectivity ?? defaultConnectivity}/${options.convention ?? 'literal'}`,
    variables: 0,
    clauses: 0,
  };
  const wanted = Math.max(1, options.maxSolutions ?? 2);
  const start = performance.now();
  const pool = new WorkerPool({ handler: handlerUrl, jobs: 1 });
  try {
    return await pool.run<EngineResult>(
      { puzzle, options: cloneable },
      {
        limit,
        onProgress: (event) => onProgress?.(event.message),
        onNote: (note) => {
          const { solution, encoded: size } = note as BoundedNote;
          if (size !== undefined) {
            encoded = size;
            onEncoded?.(size);
          }
          if (solution !== undefined) {
            found.push(solution);
            onSolution?.(solution);
          }
        },
      },
    );
  } catch (error) {
    // The time limit ended the worker: the answer is "timeout" with what it had found.
    if (!(error instanceof TimeoutError) || limit.signal?.aborted === true) throw error;
    const timeMs = performance.now() - start;
    return {
      status: 'timeout',
      solutions: found.slice(0, wanted),
      complete: false,
      convention: options.convention ?? 'literal',
      backend,
      ...encoded,
      cuts: 0,
      stats: noStats(timeMs),
      timeMs,
      engine: options.engine ?? defaultEngine,
      proof: null,
    };
  } finally {
    // The answer does not wait for the worker's teardown (10-20 ms, its 64 MiB heap included): the
    // caller prints while it ends, and a process exits once it has. Solutions it posts meanwhile
    // are not wanted any more.
    void pool.close();
  }
}

/** What the worker notes while it solves. */
export interface BoundedNote {
  readonly solution?: Shading;
  readonly encoded?: EncodedSize;
}
