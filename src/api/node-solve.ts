/** The Node entry's `solve`: the library's, plus the external backend and worker threads (solve/bounded.ts). */
import { solveBounded } from '../solve/bounded.js';
import { checkSolveOptions, type SolveOptions, type SolveResult } from './library.js';

/**
 * Solves a puzzle and proves the verdict, like the main entry's `solve`, and also with
 * `backend: 'external'` (any DIMACS solver program, `solverCmd`). With MiniSat and a `timeoutMs`
 * or a `signal`, the solve runs in a worker thread that is ended at the deadline or on abort.
 *
 * @example
 * import { parse, solve } from 'hitori-sat/node';
 * const result = await solve(parse('1 1\n2 1\n'), { backend: 'external', solverCmd: 'cadical' });
 * result.status;   // 'unique'
 */
export async function solve(puzzle: Parameters<typeof checkSolveOptions>[0], options: SolveOptions = {}): Promise<SolveResult> {
  checkSolveOptions(puzzle, options);
  return solveBounded(puzzle, options);
}
