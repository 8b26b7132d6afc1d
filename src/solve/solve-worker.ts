/** Worker-thread entry of solveBounded: solves the puzzle it is given and posts the result. */
import { parentPort, workerData } from 'node:worker_threads';
import type { Puzzle } from '../puzzle/puzzle.js';
import { solveHitori, type SolveOptions } from './solve.js';

const { puzzle, options } = workerData as { puzzle: Puzzle; options: SolveOptions };
try {
  parentPort?.postMessage({ result: await solveHitori(puzzle, options) });
} catch (error) {
  const e = error as Error;
  parentPort?.postMessage({ error: { name: e.name, message: e.message } });
}
