/**
 * The three engines behind `solve --engine`:
 *
 * - `sat` (default): the SAT engine of solve.ts; its verdicts are always proven.
 * - `rules`: the rule engine alone (src/rules), human techniques and probing, no search. It says
 *   `unique` only when every cell was deduced and the solution is proven the only one: forced
 *   deductions prove it, and when a deduction assumed uniqueness (UC) the rule engine's exact
 *   check (src/rules/uniqueness.ts) decides. A contradiction means `none`. Otherwise it is
 *   `stuck`, with the partial grid.
 * - `hybrid` (deduction first): the rule engine's deduction core (src/rules/core.ts: sound
 *   techniques and bounded probing on typed arrays, nothing that assumes a unique solution, so
 *   every deduction holds in every solution). If it decides every cell and the checker passes,
 *   the verdict is `unique`, proven by the deductions alone (every solution agrees with every
 *   forced deduction), and no SAT backend is created or even loaded. A contradiction means
 *   `none`, and so does a finished board whose white cells the checker finds split (the core
 *   leaves that last test of rule 3 to the checker, which makes it anyway). Otherwise SAT
 *   solves the rest with the decided cells as unit clauses and proves uniqueness as usual; when
 *   only the verdict is asked, the cells UC would whiten are whitened too and an exact test
 *   stands in for them (satUpToUnshading).
 *
 * Every engine first counts a grid of more than 65,536 cells line by line: a line whose repeated
 * numbers need more shaded cells than it can hold means no solution (runEngine).
 *
 * The rule engine reasons under the three rules as written. Every solution under a stricter
 * convention is a solution under `literal`, so a solution the rules prove the only one under
 * `literal` is the only one under the convention if it obeys the convention, and there is none
 * if it does not.
 */
import { checkShading } from '../puzzle/check.js';
import type { Convention } from '../puzzle/convention.js';
import { lineRepeats } from '../puzzle/geometry.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import { DeductionCore } from '../rules/core.js';
import { extraShadable } from '../rules/uniqueness.js';
import type { Level, RulesResult, RulesStatus } from '../rules/index.js';
import { noStats } from '../sat/backend.js';
import type { SatOptions, SatResult } from './solve.js';
import { keptSolutions } from './defaults.js';
import { SolverError, TimeoutError } from '../control/errors.js';
import { Limit } from '../control/limit.js';

export const engines = ['sat', 'rules', 'hybrid'] as const;
export type Engine = (typeof engines)[number];
/** The engine of `solve` and `bench` when none is named: deduction first, measured faster than pure SAT (BENCH.md). */
export const defaultEngine: Engine = 'hybrid';

export interface EngineOptions extends SatOptions {
  readonly engine?: Engine;
}

/** What the rule engine contributed. */
interface RulesSummary {
  readonly status: RulesStatus;
  /** Cells the rules decided (of rows x cols). */
  readonly decided: number;
  readonly hardest: Level | null;
  readonly usedUniqueness: boolean;
  readonly timeMs: number;
}

/** How a verdict was proven: by deductions alone, or by the SAT solver; null when there is no verdict (timeout, stuck). */
export type Proof = 'deduction' | 'sat' | null;

export interface EngineResult extends Omit<SatResult, 'status' | 'backend'> {
  /** `stuck`: the rules engine could not finish (only with engine `rules`). */
  readonly status: SatResult['status'] | 'stuck';
  readonly engine: Engine;
  /** The SAT backend, or null when no SAT solver was needed. */
  readonly backend: SatResult['backend'] | null;
  /** Per cell, when stuck: true shaded, false unshaded, null undecided. */
  readonly partial?: (boolean | null)[];
  readonly rules?: RulesSummary;
  readonly proof: Proof;
  /**
   * When two or more solutions were found: the cells (indices in reading order) where the first
   * two differ, which is why the puzzle is not unique.
   */
  readonly differ?: number[];
}

/** The cells where two shadings differ, in reading order. */
function differingCells(a: Shading, b: Shading): number[] {
  const out: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) out.push(i);
  return out;
}

/** A result with `differ` set from its first two solutions, when it has two. */
function withDiffer<R extends EngineResult>(result: R): R {
  const [first, second] = result.solutions;
  return first === undefined || second === undefined ? result : { ...result, differ: differingCells(first, second) };
}

/**
 * The SAT engine, imported on first use: a solve that the deductions finish never loads the SAT
 * layer, the encodings or a solver's WebAssembly.
 */
let satEngine: Promise<typeof import('./solve.js')> | undefined;
async function sat(puzzle: Puzzle, options: SatOptions): Promise<SatResult> {
  // Imported once: a dynamic import costs a module lookup on every call.
  satEngine ??= import('./solve.js');
  const { solveHitori } = await satEngine;
  return solveHitori(puzzle, options);
}

export async function solveWithEngine(puzzle: Puzzle, options: EngineOptions = {}): Promise<EngineResult> {
  return withDiffer(await runEngine(puzzle, options));
}

/**
 * Grids above this many cells are first counted line by line for a line that needs more shaded
 * cells than it can hold (lineRepeats' `overfull`): such a grid has no solution, and a line of a
 * million cells may hold more pairs of equal numbers than the engines' set-up can list. A smaller
 * grid is left to the engines, which refute it as fast (a 17x17 solve takes some 60 µs).
 */
const countFirstCells = 1 << 16;

async function runEngine(puzzle: Puzzle, options: EngineOptions): Promise<EngineResult> {
  const engine = options.engine ?? defaultEngine;
  options.limit?.throwIfAborted();
  // Rule 1 shades all but one cell of each number in a line, rule 2 at most every other cell.
  const counted = puzzle.rows * puzzle.cols > countFirstCells ? performance.now() : undefined;
  if (counted !== undefined && lineRepeats(puzzle).overfull >= 0) {
    const convention = options.convention ?? 'literal';
    const timeMs = performance.now() - counted;
    return {
      ...hybridWithoutSat(convention),
      engine,
      status: 'none',
      solutions: [],
      complete: true,
      stats: noStats(),
      proof: 'deduction',
      timeMs,
    };
  }
  if (engine === 'sat') {
    const result = await sat(puzzle, options);
    return { ...result, engine, proof: result.status === 'timeout' ? null : 'sat' };
  }
  if (engine === 'hybrid') return deductionFirst(puzzle, options);
  const start = performance.now();
  const convention = options.convention ?? 'literal';
  // The rules stop at the limit too (their fixpoint loop and every probe look at it), so a
  // time limit bounds every engine.
  const limit = options.limit === undefined ? {} : { limit: options.limit };
  // The rule engine is loaded on use: the default engine needs only its deduction core.
  const { extraShadable, rulesProgress, solveByRules } = await import('../rules/index.js');
  const { onProgress } = options;
  const rules = solveByRules(puzzle, {
    explain: false,
    ...limit,
    ...(onProgress === undefined ? {} : { onProgress: (undecided, cells) => onProgress(rulesProgress(undecided, cells, start)) }),
  });
  const summary = summarise(puzzle, rules);
  // What a result says when no SAT solver ran.
  const withoutSat = {
    engine,
    backend: null,
    convention,
    encoding: `rules/${convention}`,
    variables: 0,
    clauses: 0,
    cuts: 0,
    stats: noStats(),
    rules: summary,
  };
  if (rules.timedOut) {
    // Cancelled, not out of time: the signal's reason, not a partial result.
    options.limit?.throwIfAborted();
    return { status: 'timeout', solutions: [], complete: false, ...withoutSat, proof: null, timeMs: performance.now() - start };
  }
  const verdict = rulesVerdict(puzzle, rules, convention, extraShadable);
  const proof = verdict.status === 'stuck' ? null : 'deduction';
  return { ...verdict, ...withoutSat, proof, timeMs: performance.now() - start };
}

/** The fields of a hybrid result that no SAT solver ran for. */
function hybridWithoutSat(convention: Convention) {
  return { engine: 'hybrid', backend: null, convention, encoding: `deduction/${convention}`, variables: 0, clauses: 0, cuts: 0 } as const;
}

/** Deduction first (engine `hybrid`): the deduction core, then SAT only for what it left open. */
async function deductionFirst(puzzle: Puzzle, options: EngineOptions): Promise<EngineResult> {
  const start = performance.now();
  const convention = options.convention ?? 'literal';
  const limit = options.limit ?? Limit.none;
  const timedOut = (rules: RulesSummary): EngineResult => ({
    ...hybridWithoutSat(convention),
    status: 'timeout',
    solutions: [],
    complete: false,
    stats: noStats(),
    rules,
    proof: null,
    timeMs: performance.now() - start,
  });
  // Only the verdict asked (two solutions at most), under the rules as written: the cells UC
  // whitens may be left out of the search (satUpToUnshading).
  const deduced = deduce(puzzle, limit, convention === 'literal' && keptSolutions(options.maxSolutions) === 2);
  if (deduced === null) {
    // The set-up of a huge grid (its shape and line mates) outlasted the limit.
    limit.throwIfAborted();
    return timedOut({ status: 'stuck', decided: 0, hardest: null, usedUniqueness: false, timeMs: performance.now() - start });
  }
  const { run, known, shading, reduced } = deduced;
  const summary: RulesSummary = {
    status: run.status,
    decided: run.decided,
    hardest: null,
    usedUniqueness: false,
    timeMs: performance.now() - start,
  };
  if (run.timedOut) {
    limit.throwIfAborted();
    return timedOut(summary);
  }
  if (run.status === 'stuck') {
    if (reduced !== undefined) return satUpToUnshading(puzzle, options, reduced, summary, start);
    const result = await sat(puzzle, known === undefined ? options : { ...options, known });
    return {
      ...result,
      engine: 'hybrid',
      rules: summary,
      proof: result.status === 'timeout' ? null : 'sat',
      timeMs: performance.now() - start,
    };
  }
  let solutions: Shading[] = [];
  let rules = summary;
  if (shading !== undefined) {
    // The core checks rules 1 and 2 as it goes; the independent checker has the last word, and
    // tests rule 3 for the core (checkConnected: false in deduce). The shading is the only candidate
    // (every cell forced): when its white cells are not connected, there is no solution.
    const broken = checkShading(puzzle, shading, 'literal');
    const other = broken.find((v) => v.rule !== 'disconnected');
    if (other !== undefined) throw new SolverError(`the deductions break the rules (${other.message}): this is a bug in hitori-sat`);
    if (broken.length > 0) rules = { ...summary, status: 'contradiction' };
    // The only candidate under the rules as written; a stricter convention may still rule it out.
    if (broken.length === 0 && (convention === 'literal' || checkShading(puzzle, shading, convention).length === 0)) solutions = [shading];
  }
  // Every field written out, not spread from hybridWithoutSat: this object is made on every solve that
  // the deductions finish, and a spread copies through a slower path.
  return {
    engine: 'hybrid',
    backend: null,
    convention,
    encoding: `deduction/${convention}`,
    variables: 0,
    clauses: 0,
    cuts: 0,
    status: solutions.length === 1 ? 'unique' : 'none',
    solutions,
    complete: true,
    stats: noStats(),
    rules,
    proof: 'deduction',
    timeMs: performance.now() - start,
  };
}

/**
 * The hybrid solve of a board the deductions left open, when UC whitens some of its undecided
 * cells (DeductionCore.cellsUpToUnshading) and only the verdict is asked: SAT solves the board
 * with those cells white as well, a smaller formula (a 1000x1000 grid with no number twice in a
 * line needs no solver at all: 0.5 GB less). Every solution of the puzzle unshades to a solution of
 * that board (the lemma of src/rules/uniqueness.ts), and every solution of that board is one of
 * the puzzle. So none there means none; two there are two; and one there, S, is the only one
 * unless a white cell of S can be shaded as well (`extraShadable`, an exact test), which is then
 * the second solution, checked like every other.
 */
async function satUpToUnshading(
  puzzle: Puzzle,
  options: EngineOptions,
  cells: (boolean | null)[],
  rules: RulesSummary,
  start: number,
): Promise<EngineResult> {
  let found: Omit<EngineResult, 'rules' | 'timeMs'>;
  if (cells.includes(null)) {
    const result = await sat(puzzle, { ...options, known: cells });
    found = { ...result, engine: 'hybrid', proof: result.status === 'timeout' ? null : 'sat' };
  } else {
    // Every cell decided: the one candidate, which the checker judges (rule 3 is left to it).
    const shading = cells.map((c) => c === true);
    const solutions = checkShading(puzzle, shading).length === 0 ? [shading] : [];
    for (const s of solutions) options.onSolution?.(s);
    const status = solutions.length === 1 ? 'unique' : 'none';
    found = { ...hybridWithoutSat('literal'), status, solutions, complete: true, stats: noStats(), proof: 'deduction' };
  }
  const [only] = found.solutions;
  const extra = found.status === 'unique' && only !== undefined ? extraShadable(puzzle, only)[0] : undefined;
  if (only === undefined || extra === undefined) return { ...found, rules, timeMs: performance.now() - start };
  const second = only.map((shaded, i) => shaded || i === extra);
  const broken = checkShading(puzzle, second)[0];
  if (broken !== undefined) throw new SolverError(`the second solution breaks the rules (${broken.message}): this is a bug in hitori-sat`);
  options.onSolution?.(second);
  return { ...found, status: 'multiple', solutions: [only, second], complete: false, rules, timeMs: performance.now() - start };
}

/**
 * The deduction core's run, and what the rest of the hybrid solve needs of it, or null when its
 * set-up outlasted the limit. In a function of its own so that nothing holds the core once it
 * returns: a 1000x1000 core's arrays are some 60 MB, which the SAT solver's heap should not
 * grow beside. `upToUnshading`: when the run is stuck, also the board with the cells UC whitens
 * (`reduced`, when there are any).
 */
function deduce(puzzle: Puzzle, limit: Limit, upToUnshading: boolean) {
  let core: DeductionCore;
  try {
    core = new DeductionCore(puzzle, limit);
  } catch (error) {
    if (error instanceof TimeoutError) return null;
    throw error;
  }
  // The last test of rule 3 on a finished board is left to the checker below, which makes it anyway.
  const run = core.run({ limit, checkConnected: false });
  const up = upToUnshading && run.status === 'stuck' && !run.timedOut ? core.cellsUpToUnshading() : undefined;
  const reduced = up !== undefined && up.whitened > 0 ? up.cells : undefined;
  // What the rest needs of the core, read before it gives its arrays to the next solve's.
  // Nothing decided: no units to add, and no per-cell list to hold beside the solver.
  const known = run.status === 'stuck' && run.decided > 0 && reduced === undefined ? core.cells() : undefined;
  const shading = run.status === 'solved' ? core.shading() : undefined;
  core.release();
  return { run, known, shading, reduced };
}

/** The verdict of a rules run that needed no SAT: none, unique, multiple, or stuck. */
function rulesVerdict(
  puzzle: Puzzle,
  rules: RulesResult,
  convention: Convention,
  extraShadable: (puzzle: Puzzle, shading: Shading) => number[],
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
