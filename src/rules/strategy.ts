/**
 * The strategy, after Tatham's solve_specific: try the techniques cheapest first; as soon as one
 * makes progress, apply all it proposed and go back to the cheapest; techniques that depend only
 * on the numbers run once; probing comes last, and its probes run the cheaper techniques. A
 * contradiction means the puzzle has no solution (also when UC was used: see uniqueness.ts).
 */
import { checkShading } from '../puzzle/check.js';
import type { Puzzle } from '../puzzle/puzzle.js';
import { Board, puzzleShape } from './board.js';
import { Limit } from '../control/limit.js';
import { levelIndex, ruleSets, techniques, type Context, type RuleSet, type Technique } from './catalogue.js';
import type { ProbeRunner } from './probing.js';
import type { Trial } from './trial.js';
import { levels, type Contradiction, type Deduction, type Level, type Scope, type TechniqueCode } from './types.js';
import { uniquenessHolds } from './uniqueness.js';
import { Witnesses } from './witnesses.js';

export interface RulesOptions {
  /** The techniques: a rule set (`all`, the default; `thesis`; `two-sat`) or a list of codes. */
  readonly techniques?: RuleSet | readonly TechniqueCode[];
  /** The highest level to use (default G: everything, probing included). */
  readonly maxLevel?: Level;
  /** Use techniques that assume a unique solution (UC). Default true. */
  readonly assumeUnique?: boolean;
  /** Record every step (default true). */
  readonly explain?: boolean;
  /**
   * Past it, the fixpoint loop and the probes stop (a probe cut short finds no contradiction, so
   * it deduces nothing). The result is then `stuck` with `timedOut` set: a partial result, the
   * engine's one way of stopping at a limit (but a large grid's set-up, which throws its
   * TimeoutError: there is no board yet to report).
   */
  readonly limit?: Limit;
  /**
   * Called often while the engine works (every round of the fixpoint loop, also inside probes),
   * with the undecided cells of the board being solved and all its cells: for a progress line.
   * The engine is synchronous, so this is the only way a caller hears from it before the end.
   */
  readonly onProgress?: (undecided: number, cells: number) => void;
  /**
   * Let Prob-2 skip the inner probes that a solution found along the way shows cannot fail
   * (witnesses.ts). Default true; false runs every probe: the same result, slower (the reference
   * that tests and the bench compare with).
   */
  readonly witnesses?: boolean;
}

export type RulesStatus = 'solved' | 'stuck' | 'contradiction';

export interface RulesResult {
  readonly puzzle: Puzzle;
  readonly status: RulesStatus;
  /** The final board. */
  readonly board: Board;
  /** The shading (true = black) when solved. */
  readonly shading: boolean[] | null;
  /** Every change in order: the techniques' deductions and their knock-on effects (NoB, DoW). */
  readonly steps: readonly Deduction[];
  readonly contradiction: Contradiction | null;
  /** Whether a deduction relied on the puzzle having a unique solution (UC, or a probe that used it). */
  readonly usedUniqueness: boolean;
  /**
   * For a solved board: true when its solution is proven the only one (no uniqueness-assuming
   * rule was used, or uniquenessHolds passed), false when a second solution exists. Null when
   * not solved.
   */
  readonly unique: boolean | null;
  /** The highest level of a technique that changed the board (null when nothing did). */
  readonly hardest: Level | null;
  /** The deadline passed before the rules finished (status `stuck`). */
  readonly timedOut: boolean;
  /** Probes tried (each cell probed, successful or not) and the sum of their classes (see ProbeCursor). */
  readonly probesTried?: number;
  readonly probeClassSum?: number;
  readonly timeMs: number;
}

/** The enabled techniques, in catalogue order. */
export function selectTechniques(options: RulesOptions = {}): Technique[] {
  const chosen = options.techniques ?? 'all';
  const codes: readonly TechniqueCode[] = typeof chosen === 'string' ? ruleSets[chosen] : chosen;
  const max = levelIndex(options.maxLevel ?? 'G');
  return techniques.filter(
    (t) => codes.includes(t.code) && levelIndex(t.level) <= max && (options.assumeUnique !== false || !t.assumesUniqueness),
  );
}

export interface FixpointStats {
  /** Highest level index (0 = A) of a technique that changed the board; -1 if none. */
  hardest: number;
  usedUniqueness: boolean;
  /** Changes per technique. */
  readonly fired: Map<TechniqueCode, number>;
}

/**
 * Runs `specs` on `board` until none makes progress, the board is solved, or a contradiction.
 * `done` holds the static techniques already run on this board (they never find more).
 */
export function fixpoint(
  board: Board,
  specs: readonly Technique[],
  ctx: Context,
  done: Set<TechniqueCode>,
  stats: FixpointStats = newStats(),
  limit = Limit.none,
  tick?: () => void,
): FixpointStats {
  // On a trial: per technique, where on the board's trail its last run started (Trial.scanFrom).
  const { trial } = ctx;
  const since: number[] = [];
  // The context of the probing techniques: they run only when every technique before them made no progress.
  const atFixpoint: Context = specs.some((t) => t.level === 'G') ? { ...ctx, atFixpoint: true } : ctx;
  outer: while (board.contradiction === null && board.unknownCount > 0) {
    if (limit.expired) break;
    tick?.();
    for (let k = 0; k < specs.length; k++) {
      const t = specs[k]!;
      if (t.byBoard || (t.static && done.has(t.code))) continue;
      // Between techniques too: on a 1000x1000 board one round of them takes seconds.
      if (limit.expired) break outer;
      if (trial !== undefined) {
        trial.scanFrom = since[k] ?? trial.settled;
        since[k] = board.trailSize;
      }
      const found = t.find(board, t.level === 'G' ? atFixpoint : ctx);
      if (trial !== undefined) trial.scanFrom = trial.start;
      if (t.static) done.add(t.code);
      let changed = false;
      for (const d of found) {
        const before = board.unknownCount;
        const ok = board.apply(d);
        if (board.unknownCount !== before || !ok) {
          changed = true;
          note(stats, t, d);
        }
        if (!ok) break outer;
      }
      if (changed) {
        if (!board.checkConnectivity(trial ?? null)) break outer;
        continue outer;
      }
    }
    break;
  }
  return stats;
}

export function newStats(): FixpointStats {
  return { hardest: -1, usedUniqueness: false, fired: new Map() };
}

function note(stats: FixpointStats, t: Technique, d: Deduction): void {
  stats.hardest = Math.max(stats.hardest, levelIndex(t.level));
  if (d.usedUniqueness === true || t.assumesUniqueness) stats.usedUniqueness = true;
  stats.fired.set(t.code, (stats.fired.get(t.code) ?? 0) + 1);
}

/** The inner run of a probe: the enabled techniques below G that look at the board (the static ones have run already). */
export function probeRunner(
  specs: readonly Technique[],
  deep = false,
  limit = Limit.none,
  tick?: () => void,
  witnesses: Witnesses | null = deep ? new Witnesses() : null,
): ProbeRunner {
  const inner = specs.filter((t) => (t.level !== 'G' || (deep && t.code === 'Prob')) && !t.static);
  const prober = deep ? probeRunner(specs, false, limit, tick) : undefined;
  const bounded = limit.bounded ? { limit } : {};
  const run = (board: Board, trial: Trial | null) => {
    // A fresh cursor per run: the same board gives the same run (a probe told again relies on it).
    const on = trial === null ? {} : { trial };
    const ctx: Context = prober
      ? witnesses
        ? { scope: {}, cursor: { next: 0 }, prober, witnesses, ...on, ...bounded }
        : { scope: {}, cursor: { next: 0 }, prober, ...on, ...bounded }
      : { scope: {}, cursor: { next: 0 }, ...on, ...bounded };
    const stats = fixpoint(board, inner, ctx, new Set(), newStats(), limit, tick);
    return {
      contradiction: board.contradiction?.reason ?? null,
      hardest: Math.max(stats.hardest, 0),
      usedUniqueness: stats.usedUniqueness,
    };
  };
  return limit.bounded ? Object.assign(run, { expired: () => limit.expired }) : run;
}

/** Cells above which making a grid's shape is checked against the limit. */
const largeGrid = 1 << 16;

/** Solves a puzzle with the rule engine alone: techniques and probes (one cell, or two levels deep for Prob-2), no search. */
export function solveByRules(puzzle: Puzzle, options: RulesOptions = {}): RulesResult {
  const t0 = performance.now();
  const specs = selectTechniques(options);
  const steps: Deduction[] = [];
  const limit = options.limit ?? Limit.none;
  // A large grid's set-up keeps the limit too (a TimeoutError: a 1000x1000 grid's shape takes a
  // while); a small one's is quick, and its limit is met by the run's own report of it.
  const setUp = puzzle.rows * puzzle.cols > largeGrid ? limit : Limit.none;
  const board = new Board(puzzle, puzzleShape(puzzle, setUp), undefined, options.explain === false ? null : steps);
  const scope: Scope = {};
  const { onProgress } = options;
  const tick = onProgress === undefined ? undefined : () => onProgress(board.unknownCount, puzzle.rows * puzzle.cols);
  const ctx: Context = {
    scope,
    prober: probeRunner(specs, false, limit, tick),
    prober2: probeRunner(specs, true, limit, tick, options.witnesses === false ? null : new Witnesses()),
    cursor: { next: 0 },
    ...(limit.bounded ? { limit } : {}),
  };
  const stats = fixpoint(board, specs, ctx, new Set(), newStats(), limit, tick);
  board.trace = null;
  // Unfinished past the limit: the techniques may have been cut short, so "stuck" is not final.
  const timedOut = board.contradiction === null && board.unknownCount > 0 && limit.expired;
  return {
    ...finish(board, { steps, stats, startedAt: t0, timedOut, limit }),
    probesTried: ctx.cursor.tried ?? 0,
    probeClassSum: ctx.cursor.classSum ?? 0,
  };
}

/** How a run of the engine went, for `finish`. */
interface RunRecord {
  readonly steps: Deduction[];
  readonly stats: FixpointStats;
  /** `performance.now()` at the start. */
  readonly startedAt: number;
  /** Stopped by the limit (so "stuck" is not final). */
  readonly timedOut?: boolean;
  /** The run's limit: a finished board is checked only within it (the checks of a 200,000-cell board take a tenth of a second). */
  readonly limit?: Limit;
}

/** The result of a run: the verdict of the final board, checked by the independent checker. */
function finish(board: Board, { steps, stats, startedAt, timedOut = false, limit = Limit.none }: RunRecord): RulesResult {
  const { puzzle } = board;
  let status: RulesStatus = board.contradiction ? 'contradiction' : board.unknownCount === 0 ? 'solved' : 'stuck';
  let shading: boolean[] | null = null;
  let contradiction = board.contradiction;
  // Finished past the limit: the checks still to come are not begun, and the run ends as timed out.
  const outOfTime = () => {
    status = 'stuck';
    timedOut = true;
    shading = null;
  };
  if (status === 'solved' && limit.expired) outOfTime();
  if (status === 'solved') {
    shading = board.shading();
    // The board's own checks make this impossible; the independent checker has the last word.
    const violations = checkShading(puzzle, shading);
    if (violations.length > 0) {
      status = 'contradiction';
      contradiction = { reason: `the finished board breaks a rule: ${violations[0]!.message}`, cells: [...violations[0]!.cells] };
      shading = null;
    }
  }
  if (status === 'solved' && stats.usedUniqueness && limit.expired) outOfTime();
  const unique = status === 'solved' ? !stats.usedUniqueness || uniquenessHolds(puzzle, board) : null;
  return {
    puzzle,
    status,
    board,
    shading,
    steps,
    contradiction,
    usedUniqueness: stats.usedUniqueness,
    unique,
    hardest: stats.hardest < 0 ? null : levels[stats.hardest]!,
    timedOut,
    timeMs: performance.now() - startedAt,
  };
}
