/** The Node entry's `solve`: the library's, through Node's door (external solvers, MiniSat bounded in a worker). */
import { run } from './node-run.js';
import type { Puzzle } from '../puzzle/puzzle.js';
import type { SolveOptions, SolveResult } from './requests.js';

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
export function solve(puzzle: Puzzle, options: SolveOptions = {}): Promise<SolveResult> {
  const { signal, onProgress, onItem, ...request } = options;
  return run(
    { command: 'solve', puzzle, ...request },
    {
      ...(signal === undefined ? {} : { signal }),
      ...(onProgress === undefined ? {} : { onProgress }),
      ...(onItem === undefined ? {} : { onItem }),
    },
  );
}
