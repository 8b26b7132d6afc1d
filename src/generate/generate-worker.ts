/** The pool handler of `generateMany` (generate-run.ts): makes the puzzle of the seed it is sent, under the task's limit. */
import type { TaskContext } from '../pool/pool.js';
import { generatePuzzle, type GeneratedPuzzle } from './generate.js';
import type { WorkRequest } from './generate-run.js';

export function handle(request: WorkRequest, context: TaskContext): Promise<GeneratedPuzzle> {
  return generatePuzzle(request.spec, request.seed, context.limit);
}
