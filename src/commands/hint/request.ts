/** `hint`: its request, its result and their checks at the door. */
import { InputError } from '../../control/errors.js';
import type { Puzzle } from '../../puzzle/puzzle.js';
import type { Hint, Marks } from '../../solve/hint.js';
import type { Bounded } from '../bounded.js';
import { validateMarks, validatePuzzle } from '../validate.js';

/** For a puzzle in progress: the wrong marks, or else the next deduction. */
export interface HintRequest extends Bounded {
  readonly command: 'hint';
  readonly puzzle: Puzzle;
  /** true shaded, false marked unshaded, null not marked; absent for a fresh puzzle. */
  readonly marks?: Marks;
  /**
   * The player's page circles the neighbours of every shaded cell by itself (as puzz.link
   * offers): unmarked neighbours of shaded marks count as marked white, so no hint is spent on
   * them alone, and a step that shades is preferred among the cheapest (default false).
   */
  readonly circleNeighbours?: boolean;
}

export type HintResult = Hint;

export function checkHint(request: HintRequest): void {
  validatePuzzle(request.puzzle);
  if (request.marks !== undefined) validateMarks(request.puzzle, request.marks);
  if (request.circleNeighbours !== undefined && typeof request.circleNeighbours !== 'boolean')
    throw new InputError(`"circleNeighbours" must be true or false, got ${JSON.stringify(request.circleNeighbours)}`, {}, 'request');
}
