/**
 * The three engines behind `solve --engine`:
 *
 * - `sat` (default): the SAT engine of solve.ts; its verdicts are always proven.
 * - `rules`: the rule engine alone (src/rules), human techniques and probing, no search. It says
 *   `unique` only when every cell was deduced and the solution is proven the only one: forced
 *   deductions prove it, and when a deduction assumed uniqueness (UC) the rule engine's exact
 *   check (src/rules/uniqueness.ts) decides. A contradiction means `none`. Otherwise it is
 *   `stuck`, with the partial grid.
 * - `hybrid`: the cheap techniques first (levels A-F, no probing, nothing that assumes a unique
 *   solution, so every deduction holds in every solution), then SAT on the rest with the decided
 *   cells as unit clauses. When the rules finish alone, their forced deductions are the proof;
 *   otherwise SAT proves uniqueness as usual.
 *
 * The rule engine reasons under the three rules as written. Every solution under a stricter
 * convention is a solution under `literal`, so a solution the rules prove the only one under
 * `literal` is the only one under the convention if it obeys the convention, and there is none
 * if it does not.
 */
import { checkShading } from '../puzzle/check.js';
import type { Convention } from '../puzzle/convention.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import { extraShadable, solveByRules, type Level, type RulesResult, type RulesStatus } from '../rules/index.js';
import { noStats } from '../sat/backend.js';
import { solveHitori, type SolveOptions, type SolveResult } from './solve.js';

export const engines = ['sat', 'rules', 'hybrid'] as const;
export type Engine = (typeof engines)[number];

export interface EngineOptions extends SolveOptions {
  readonly engine?: Engine;
}

/** What the rule engine contributed. */
export interface RulesSummary {
  readonly status: RulesStatus;
  /** Cells the rules decided (of rows x cols). */
  readonly decided: number;
  readonly hardest: Level | null;
  readonly usedUniqueness: boolean;
  readonly timeMs: number;
}

export interface EngineResult extends Omit<SolveResult, 'status' | 'backend'> {
  /** `stuck`: the rules engine could not finish (only with engine `rules`). */
  readonly status: SolveResult['status'] | 'stuck';
  readonly engine: Engine;
  /** The SAT backend, or null when no SAT solver was needed. */
  readonly backend: SolveResult['backend'] | null;
  /** Per cell, when stuck: true shaded, false unshaded, null undecided. */
  readonly partial?: (boolean | null)[];
  readonly rules?: RulesSummary;
}

export async function solveWithEngine(puzzle: Puzzle, options: EngineOptions = {}): Promise<EngineResult> {
  const engine = options.engine ?? 'sat';
  if (engine === 'sat') return { ...(await solveHitori(puzzle, options)), engine };
  const start = performance.now();
  const convention = options.convention ?? 'literal';
  // The rules stop at the deadline too (their fixpoint loop and every probe look at it), so a
  // time limit bounds every engine.
  const deadline = options.timeoutMs === undefined ? {} : { deadline: Date.now() + options.timeoutMs };
  const rules = solveByRules(
    puzzle,
    engine === 'rules' ? { explain: false, ...deadline } : { explain: false, assumeUnique: false, maxLevel: 'F', ...deadline },
  );
  const summary = summarise(puzzle, rules);
  if (rules.timedOut) {
    return {
      status: 'timeout',
      solutions: [],
      complete: false,
      engine,
      backend: null,
      convention,
      encoding: `rules/${convention}`,
      variables: 0,
      clauses: 0,
      cuts: 0,
      stats: noStats(),
      rules: summary,
      timeMs: performance.now() - start,
    };
  }
  if (engine === 'hybrid' && rules.status === 'stuck') {
    const known = rules.board.cells();
    const remaining = options.timeoutMs === undefined ? {} : { timeoutMs: Math.max(1, options.timeoutMs - (performance.now() - start)) };
    const sat = await solveHitori(puzzle, { ...options, ...remaining, known });
    return { ...sat, engine, rules: summary, timeMs: performance.now() - start };
  }
  const verdict = rulesVerdict(puzzle, rules, convention);
  return {
    ...verdict,
    engine,
    backend: null,
    convention,
    encoding: `rules/${convention}`,
    variables: 0,
    clauses: 0,
    cuts: 0,
    stats: noStats(),
    rules: summary,
    timeMs: performance.now() - start,
  };
}

/** The verdict of a rules run that needed no SAT: none, unique, multiple, or stuck. */
function rulesVerdict(
  puzzle: Puzzle,
  rules: RulesResult,
  convention: Convention,
): Pick<EngineResult, 'status' | 'solutions' | 'complete' | 'partial'> {
  if (rules.status === 'contradiction') return { status: 'none', solutions: [], complete: true };
  if (rules.status === 'stuck' || rules.shading === null)
    return { status: 'stuck', solutions: [], complete: false, partial: rules.board.cells() };
  const obeys = (s: Shading) => checkShading(puzzle, s, convention).length === 0;
  const found = rules.shading;
  if (rules.unique === true)
    return obeys(found) ? { status: 'unique', solutions: [found], complete: true } : { status: 'none', solutions: [], complete: true };
  // Not unique: the exact check names a cell that can be shaded as well, a second solution.
  const extra = extraShadable(puzzle, found)[0];
  const second = found.map((s, i) => s || i === extra);
  const both = [found, second].filter(obeys);
  if (both.length === 2) return { status: 'multiple', solutions: both, complete: false };
  // Under a stricter convention the rules cannot tell how many of the literal solutions remain.
  return { status: 'stuck', solutions: [], complete: false, partial: rules.board.cells() };
}

function summarise(puzzle: Puzzle, rules: RulesResult): RulesSummary {
  const n = puzzle.rows * puzzle.cols;
  return {
    status: rules.status,
    decided: n - rules.board.unknownCount,
    hardest: rules.hardest,
    usedUniqueness: rules.usedUniqueness,
    timeMs: rules.timeMs,
  };
}
