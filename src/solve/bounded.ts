/**
 * A solve with a hard time bound for every backend. CaDiCaL and external solvers stop at the
 * deadline themselves; MiniSat cannot be interrupted, so with a time limit it runs in a worker
 * thread that is terminated at the deadline.
 */
import type { Puzzle } from '../puzzle/puzzle.js';
import { maxTimerMs, noStats } from '../sat/backend.js';
import { solveWithEngine, type EngineOptions, type EngineResult } from './engines.js';
import { defaultBackend, defaultConnectivity } from './solve.js';

export async function solveBounded(puzzle: Puzzle, options: EngineOptions = {}): Promise<EngineResult> {
  const backend = options.backend ?? defaultBackend;
  const { timeoutMs } = options;
  if (timeoutMs === undefined || backend !== 'minisat') return solveWithEngine(puzzle, options);
  const { onProgress: _dropped, ...cloneable } = options;
  const start = performance.now();
  // Worker threads are loaded only on this path: a one-shot solve should not pay for them.
  const { Worker } = await import('node:worker_threads');
  // The path goes through ../solve/ so that it also holds from the CLI bundle in dist/src/cli/.
  const worker = new Worker(new URL('../solve/solve-worker.js', import.meta.url), { workerData: { puzzle, options: cloneable } });
  try {
    return await new Promise<EngineResult>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          const timeMs = performance.now() - start;
          resolve({
            status: 'timeout',
            solutions: [],
            complete: false,
            convention: options.convention ?? 'literal',
            backend,
            encoding: `${options.connectivity ?? defaultConnectivity}/${options.convention ?? 'literal'}`,
            variables: 0,
            clauses: 0,
            cuts: 0,
            stats: noStats(timeMs),
            timeMs,
            engine: options.engine ?? 'sat',
          });
        },
        Math.min(timeoutMs, maxTimerMs),
      );
      worker.once('message', (message: { result?: EngineResult; error?: { name: string; message: string } }) => {
        clearTimeout(timer);
        if (message.result) resolve(message.result);
        else
          reject(Object.assign(new Error(message.error?.message ?? 'the solver worker failed'), { name: message.error?.name ?? 'Error' }));
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  } finally {
    await worker.terminate();
  }
}
