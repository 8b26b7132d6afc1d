/** `explain`: its request, its result and their checks at the door. */
import type { Puzzle } from '../../puzzle/puzzle.js';
import type { ExplainRun } from '../../rules/explain.js';
import { levels, ruleSetNames, type Level, type RuleSet } from '../../rules/types.js';
import type { Bounded } from '../bounded.js';
import { validateChoice, validatePuzzle } from '../validate.js';

/** The rule engine's solve, every deduction told. */
export interface ExplainRequest extends Bounded {
  readonly command: 'explain';
  readonly puzzle: Puzzle;
  /** The highest technique class, `A` .. `G` (default). */
  readonly maxLevel?: Level;
  /** `all` (default), `thesis`, `two-sat`. */
  readonly techniques?: RuleSet;
  /** Use the techniques that assume a unique solution (default true). */
  readonly assumeUnique?: boolean;
}

export type ExplainResult = ExplainRun;

export function checkExplain(request: ExplainRequest): void {
  validatePuzzle(request.puzzle);
  validateChoice('maxLevel', request.maxLevel, levels);
  validateChoice('techniques', request.techniques, ruleSetNames);
}
