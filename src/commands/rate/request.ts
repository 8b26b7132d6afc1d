/** `rate`: its request, its result and their checks at the door. */
import type { Puzzle } from '../../puzzle/puzzle.js';
import type { RuleRating } from '../../rules/rating.js';
import { ruleSetNames, type RuleSet } from '../../rules/types.js';
import type { Bounded } from '../bounded.js';
import { validateChoice, validatePuzzle } from '../validate.js';

/** The difficulty class A..G (thesis Table 5) by the rule engine. */
export interface RateRequest extends Bounded {
  readonly command: 'rate';
  readonly puzzle: Puzzle;
  /** `thesis` (default), `two-sat`, `all`. */
  readonly techniques?: RuleSet;
}

export type RateResult = RuleRating;

export function checkRate(request: RateRequest): void {
  validatePuzzle(request.puzzle);
  validateChoice('techniques', request.techniques, ruleSetNames);
}
