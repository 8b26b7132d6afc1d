/**
 * The rule engine's public API: solve with human techniques, rate the difficulty, explain.
 *
 *   solveByRules(puzzle, options?) -> { status: 'solved' | 'stuck' | 'contradiction', board, shading, steps, usedUniqueness, unique, ... }
 *   rate(puzzle, options?)         -> { class: 'A'..'G' | null, name, steps, ... }
 *   numberedSteps(steps), verdict(result) -> one line per step, then the verdict
 *
 * It stands alone: it imports nothing of the SAT layer or the SAT engine.
 */
export { solveByRules, type RulesOptions, type RulesResult, type RulesStatus } from './strategy.js';
export { rate, type RuleRating } from './rating.js';
export { explainStep, numberedSteps, rulesProgress, verdict, type ExplainRun } from './explain.js';
export { extraShadable } from './uniqueness.js';
export { Board } from './board.js';
export { technique, levelInfo, type RuleSet, type Technique } from './catalogue.js';
export { levels, techniqueCodes, type Deduction, type Level, type TechniqueCode } from './types.js';
