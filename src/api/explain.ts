/**
 * A solve by the rules, as `explain` reports it. When the techniques that assume a unique
 * solution (UC) fill the grid but the puzzle has a second solution, their steps are not
 * consequences of the rules: the solve is then run again without them, so that every step shown
 * holds in every solution.
 */
import type { Puzzle } from '../puzzle/puzzle.js';
import type { ExplainRun } from '../render/rules.js';
import { solveByRules, type Level, type RuleSet, type RulesOptions } from '../rules/index.js';

export interface ExplainRunOptions {
  readonly maxLevel?: Level;
  readonly techniques?: RuleSet;
  readonly assumeUnique?: boolean;
  readonly timeoutMs?: number;
}

export function explainPuzzle(puzzle: Puzzle, options: ExplainRunOptions = {}): ExplainRun {
  const assumeUnique = options.assumeUnique ?? true;
  const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
  const base: RulesOptions = {
    maxLevel: options.maxLevel ?? 'G',
    techniques: options.techniques ?? 'all',
    ...(deadline === undefined ? {} : { deadline }),
  };
  const timeout = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  const first = solveByRules(puzzle, { ...base, assumeUnique });
  if (!(first.status === 'solved' && first.unique === false))
    return { result: first, assumedUnique: assumeUnique, uniquenessDropped: false, ...timeout };
  const strict = solveByRules(puzzle, { ...base, assumeUnique: false });
  return { result: strict, assumedUnique: false, uniquenessDropped: true, ...timeout };
}
