/** Worker-thread entry of solveBounded: solves the puzzle it is given and posts the result. */
import { parentPort, workerData } from 'node:worker_threads';
import type { Puzzle } from '../puzzle/puzzle.js';
import { createNodeBackend } from '../sat/backends/node.js';
import { solveWithEngine, type EngineOptions } from './engines.js';

const { puzzle, options } = workerData as { puzzle: Puzzle; options: EngineOptions };
try {
  parentPort?.postMessage({ result: await solveWithEngine(puzzle, { ...options, openBackend: createNodeBackend }) });
} catch (error) {
  const e = error as Error;
  parentPort?.postMessage({ error: { name: e.name, message: e.message } });
}
