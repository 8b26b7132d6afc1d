/** `decode`: its request, its result and their checks at the door. */
import { InputError } from '../../control/errors.js';
import type { Violation } from '../../puzzle/check.js';
import { conventions, type Convention } from '../../puzzle/convention.js';
import type { Puzzle, Shading } from '../../puzzle/puzzle.js';
import type { Bounded } from '../bounded.js';
import { validateChoice, validatePuzzle } from '../validate.js';

/** A SAT solver's answer to the DIMACS export, mapped back to the grid and checked. */
export interface DecodeRequest extends Bounded {
  readonly command: 'decode';
  readonly puzzle: Puzzle;
  /** The solver's output: `s`/`v` lines, MiniSat's result file, or a bare literal list. */
  readonly model: string;
  /** The model's name in error messages (a file name, "stdin"). */
  readonly modelSource?: string;
  readonly convention?: Convention;
}

export type DecodeResult =
  /** The solver said UNSATISFIABLE (with a blocked solution: that solution is unique), or UNKNOWN. */
  | { readonly status: 'none' | 'unknown' }
  /** The model's shading, with the rules it breaks under the convention (none: a solution). */
  | { readonly status: 'valid' | 'invalid'; readonly shading: Shading; readonly violations: readonly Violation[] };

export function checkDecode(request: DecodeRequest): void {
  validatePuzzle(request.puzzle);
  validateChoice('convention', request.convention, conventions);
  if (typeof request.model !== 'string') throw new InputError('"model" must be the solver\'s output as text', {}, 'request');
}
