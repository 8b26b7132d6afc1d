/**
 * The Node solve: every backend, `external` included, and a hard time bound for each. CaDiCaL
 * and external solvers stop at the deadline themselves; MiniSat cannot be interrupted, so with a
 * time limit or an AbortSignal it runs in a worker thread that is terminated at the deadline or
 * on abort.
 */
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import { noStats } from '../sat/backend.js';
import { createNodeBackend } from '../sat/backends/node.js';
import { maxTimerMs } from '../sat/timer.js';
import { defaultEngine, solveWithEngine, type EngineOptions, type EngineResult } from './engines.js';
import { defaultBackend, defaultConnectivity } from './defaults.js';
import type { EncodedSize } from './solve.js';

export async function solveBounded(puzzle: Puzzle, options: EngineOptions = {}): Promise<EngineResult> {
  const backend = options.backend ?? defaultBackend;
  const { timeoutMs, signal } = options;
  if ((timeoutMs === undefined && signal === undefined) || backend !== 'minisat')
    return solveWithEngine(puzzle, { openBackend: createNodeBackend, ...options });
  signal?.throwIfAborted();
  const { onProgress, onSolution, onEncoded, signal: _signal, openBackend: _factory, ...cloneable } = options;
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
  // Worker threads are loaded only on this path: a one-shot solve should not pay for them.
  const { Worker } = await import('node:worker_threads');
  // The path goes through ../solve/ so that it also holds from the CLI bundle in dist/src/cli/.
  const worker = new Worker(new URL('../solve/solve-worker.js', import.meta.url), { workerData: { puzzle, options: cloneable } });
  let onAbort: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await new Promise<EngineResult>((resolve, reject) => {
      onAbort = () => reject(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (timeoutMs !== undefined)
        timer = setTimeout(
          () => {
            const timeMs = performance.now() - start;
            resolve({
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
            });
          },
          Math.min(timeoutMs, maxTimerMs),
        );
      worker.on(
        'message',
        (message: {
          result?: EngineResult;
          error?: { name: string; message: string };
          solution?: Shading;
          progress?: string;
          encoded?: EncodedSize;
        }) => {
          if (message.encoded) {
            encoded = message.encoded;
            onEncoded?.(message.encoded);
          } else if (message.solution) {
            found.push(message.solution);
            onSolution?.(message.solution);
          } else if (message.progress !== undefined) onProgress?.(message.progress);
          else if (message.result) resolve(message.result);
          else
            reject(
              Object.assign(new Error(message.error?.message ?? 'the solver worker failed'), { name: message.error?.name ?? 'Error' }),
            );
        },
      );
      worker.once('error', reject);
    });
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
    // The answer does not wait for the worker's teardown (10-20 ms, its 64 MiB heap included): the
    // caller prints while it ends, and a process exits once it has. Solutions it posts meanwhile
    // are not wanted any more.
    worker.removeAllListeners();
    worker.on('error', () => {});
    void worker.terminate();
  }
}
