/** Worker-thread entry of solveBounded: solves the puzzle it is given and posts each solution, progress, the CNF's size and the result. */
import { parentPort, workerData } from 'node:worker_threads';
import type { Puzzle } from '../puzzle/puzzle.js';
import { createNodeBackend } from '../sat/backends/node.js';
import { solveWithEngine, type EngineOptions } from './engines.js';

const { puzzle, options } = workerData as { puzzle: Puzzle; options: EngineOptions };
try {
  // Solutions and progress go to the parent as they come: when the parent's time limit ends this
  // worker, what was found is kept.
  const result = await solveWithEngine(puzzle, {
    ...options,
    openBackend: createNodeBackend,
    onSolution: (solution) => parentPort?.postMessage({ solution }),
    onProgress: (progress) => parentPort?.postMessage({ progress }),
    onEncoded: (encoded) => parentPort?.postMessage({ encoded }),
  });
  parentPort?.postMessage({ result });
} catch (error) {
  const e = error as Error;
  parentPort?.postMessage({ error: { name: e.name, message: e.message } });
}
