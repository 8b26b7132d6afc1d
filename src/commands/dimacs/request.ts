/** `dimacs`: its request, its result and their checks at the door. */
import { conventions, type Convention } from '../../puzzle/convention.js';
import type { Puzzle, Shading } from '../../puzzle/puzzle.js';
import type { Bounded } from '../bounded.js';
import { validateChoice, validatePuzzle, validateShading } from '../validate.js';

/** The complete CNF in DIMACS, optionally with a solution blocked (UNSATISFIABLE then proves it unique). */
export interface DimacsRequest extends Bounded {
  readonly command: 'dimacs';
  readonly puzzle: Puzzle;
  readonly convention?: Convention;
  /** A solution to forbid; it must be one (checked), or the proof would mean nothing. */
  readonly block?: Shading;
  /** Where the blocked solution came from, for the CNF's comment. */
  readonly blockSource?: string;
}

export interface DimacsResult {
  readonly variables: number;
  readonly clauses: number;
  /** The DIMACS text in pieces of about 64 KiB, for writing large formulas to a stream. */
  readonly chunks: () => Iterable<string>;
  /** The DIMACS text's length in bytes, counted without writing it (a layered 50x50: 400 MB). */
  readonly bytes: () => number;
}

export function checkDimacs(request: DimacsRequest): void {
  validatePuzzle(request.puzzle);
  validateChoice('convention', request.convention, conventions);
  if (request.block !== undefined) validateShading(request.puzzle, request.block, 'block');
}
