/** `ambiguity`: its request, its result and their checks at the door. */
import { conventions, type Convention } from '../../puzzle/convention.js';
import type { Puzzle } from '../../puzzle/puzzle.js';
import type { AmbiguityMap } from '../../solve/ambiguity.js';
import type { Bounded } from '../bounded.js';
import { validateChoice, validatePuzzle } from '../validate.js';

/** Which cells have the same colour in every solution (forced) and which differ (free): the backbone, by SAT. */
export interface AmbiguityRequest extends Bounded {
  readonly command: 'ambiguity';
  readonly puzzle: Puzzle;
  readonly convention?: Convention;
}

export type AmbiguityResult = AmbiguityMap;

export function checkAmbiguity(request: AmbiguityRequest): void {
  validatePuzzle(request.puzzle);
  validateChoice('convention', request.convention, conventions);
}
