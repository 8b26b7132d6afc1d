/**
 * The rule engine's public API: solve with human techniques, rate the difficulty, explain.
 *
 *   solveByRules(puzzle, options?) -> { status: 'solved' | 'stuck' | 'contradiction', board, shading, steps, usedUniqueness, unique, ... }
 *   rate(puzzle, options?)         -> { class: 'A'..'G' | null, name, steps, ... }
 *   explainLines(result)           -> one line per step, then the verdict
 *
 * It stands alone: it imports nothing of the SAT layer or the SAT engine.
 */
export { solveByRules, type RulesOptions, type RulesResult, type RulesStatus } from './strategy.js';
export { rate, type Rating, type RateOptions } from './rating.js';
export {
  explainLines,
  explainPuzzle,
  explainStep,
  explainStepLines,
  numberedSteps,
  rulesProgress,
  verdict,
  type ExplainOptions,
  type ExplainRun,
} from './explain.js';
export { uniquenessHolds, extraShadable } from './uniqueness.js';
export { Board, cellLabel } from './board.js';
export { techniques, technique, levelInfo, ruleSets, type RuleSet, type Technique } from './catalogue.js';
export {
  levels,
  techniqueCodes,
  type Colour,
  type Contradiction,
  type Deduction,
  type Level,
  type ProbeChain,
  type TechniqueCode,
} from './types.js';
