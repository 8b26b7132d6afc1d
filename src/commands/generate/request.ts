/** `generate`: its request, its result and their checks at the door. */
import { symmetries } from '../../generate/generate-choices.js';
import type { GeneratedPuzzle, Symmetry } from '../../generate/generate.js';
import { conventions, type Convention } from '../../puzzle/convention.js';
import type { Shading } from '../../puzzle/puzzle.js';
import { levels, type Level } from '../../rules/types.js';
import type { Bounded } from '../bounded.js';
import { validateChoice, validateCount, validateShading } from '../validate.js';

/** Puzzles with exactly one solution (proven by SAT), optionally of one class. */
export interface GenerateRequest extends Bounded {
  readonly command: 'generate';
  readonly rows: number;
  readonly cols: number;
  readonly count?: number;
  /** The same seed gives the same puzzles, whatever `jobs`. */
  readonly seed: string;
  readonly class?: Level;
  readonly symbols?: number;
  readonly convention?: Convention;
  /** The solution's shading, rows x cols (true shaded): numbers are filled around it. */
  readonly pattern?: Shading;
  /** A symmetry of the generated shading: `rot180`, `mirror` (left-right), `diagonal` (square boards). */
  readonly symmetry?: Symmetry;
  /** Worker threads (Node only). */
  readonly jobs?: number;
}

export interface GenerateResult {
  readonly puzzles: readonly GeneratedPuzzle[];
  /** False when the time limit ended the run before `count` puzzles. */
  readonly complete: boolean;
}

export function checkGenerate(request: GenerateRequest): void {
  validateCount('rows', request.rows);
  validateCount('cols', request.cols);
  validateCount('count', request.count);
  validateCount('symbols', request.symbols);
  validateChoice('class', request.class, levels);
  validateChoice('convention', request.convention, conventions);
  validateChoice('symmetry', request.symmetry, symmetries);
  if (request.pattern !== undefined) validateShading({ rows: request.rows, cols: request.cols, values: [] }, request.pattern, 'pattern');
}
