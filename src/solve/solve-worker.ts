/**
 * The pool handler of solveBounded (bounded.ts): solves the puzzle it is given, and notes each
 * solution and the CNF's size as they come, so that a time limit that ends this worker keeps
 * what was found.
 */
import type { Puzzle } from '../puzzle/puzzle.js';
import { createNodeBackend } from '../sat/backends/node.js';
import type { TaskContext } from '../pool/pool.js';
import { solveWithEngine, type EngineOptions, type EngineResult } from './engines.js';
import type { BoundedNote } from './bounded.js';

export function handle({ puzzle, options }: { puzzle: Puzzle; options: EngineOptions }, context: TaskContext): Promise<EngineResult> {
  const note = (n: BoundedNote) => context.note(n);
  return solveWithEngine(puzzle, {
    ...options,
    // The limit came across as its deadline (pool.ts); the pool ends this worker on an abort.
    limit: context.limit,
    openBackend: createNodeBackend,
    onSolution: (solution) => note({ solution }),
    onProgress: (message) => context.progress({ phase: 'sat', done: 0, message }),
    onEncoded: (encoded) => note({ encoded }),
  });
}
