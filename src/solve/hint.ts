/**
 * A hint for a player part-way through a puzzle: first the marks that are wrong, then whether the
 * board is solved, then the smallest next deduction from where the player stands.
 *
 * Wrong marks are found against the puzzle's solutions, found deduction first (the hybrid engine:
 * the sound deductions decide most puzzles, which proves the solution the only one with no SAT
 * solver loaded; SAT solves what they leave open): with one solution, a mark that differs from
 * it is wrong; with several, the marks are wrong when no solution agrees with all of them (a SAT
 * solve with the marks as known cells finds none), and which ones cannot be said.
 *
 * Solved: the shaded marks are a solution (the independent checker of the three rules passes the
 * board with every cell not marked shaded read as white), whatever the white marks. With one
 * solution that is: the shaded cells are exactly the solution's.
 *
 * The next deduction is searched on the player's board itself (the rule engine's board with the
 * marks as its known cells, every mark being right by then), not on a solve from scratch: the
 * techniques are tried level by level, cheapest class first, and the first class that decides an
 * unmarked cell gives the hint, its deduction that decides the fewest unmarked cells. NoB and DoW
 * are tried too (the board owes them after the player's marks). Within a class the extras (the
 * 2-SAT line solver, Prob-C) run only when the thesis's techniques of the class found nothing. The
 * techniques that assume a unique solution come last: UC, for one cell only (with its premises),
 * then the probes that may use UC inside; both only when the solution is known unique. Where no
 * technique decides a cell, the hint is one shaded cell of the only solution (no reason given).
 *
 * `circleNeighbours` (a page that circles the neighbours of shaded cells by itself): the unmarked
 * neighbours of shaded marks count as marked white before the search, so no step is given for
 * them alone (NoB never comes up, and a step that decides only circled cells decides nothing);
 * within the cheapest class a step that shades an unmarked cell is taken before one that only
 * whitens (each shaded cell circles its neighbours for free), then the fewest cells as before.
 */
import { TimeoutError } from '../control/errors.js';
import { Limit } from '../control/limit.js';
import { checkShading } from '../puzzle/check.js';
import { geometryOf, neighbours } from '../puzzle/geometry.js';
import type { Puzzle } from '../puzzle/puzzle.js';
import { BLACK, Board, UNKNOWN, WHITE } from '../rules/board.js';
import type { Context, Technique } from '../rules/catalogue.js';
import { probeRunner, type RulesOptions, selectTechniques } from '../rules/strategy.js';
import { UCEach } from '../rules/trivial.js';
import { type Deduction, levels } from '../rules/types.js';
import { Witnesses } from '../rules/witnesses.js';
import { solveWithEngine } from './engines.js';

/** A player's marks, one per cell: true shaded, false marked unshaded, null not marked. */
export type Marks = readonly (boolean | null)[];

export type Hint =
  /** The puzzle has no solution at all. */
  | { readonly kind: 'no-solution' }
  /**
   * Marks no solution has. `cells` are the wrong ones when the puzzle has one solution; empty when
   * it has several (no solution agrees with all the marks, which ones cannot be singled out).
   */
  | { readonly kind: 'mistakes'; readonly cells: readonly number[]; readonly unique: boolean }
  /**
   * The shaded marks are a solution (the only one, when `unique`), whatever the white marks;
   * `unmarked` cells were left unmarked (they are white).
   */
  | { readonly kind: 'solved'; readonly unique: boolean; readonly unmarked: number }
  /** The next deduction from the player's marks: one technique, the cells it decides, its premises. */
  | { readonly kind: 'step'; readonly step: Deduction }
  /** The rules stop short of the player's board: one cell of the only solution, from SAT. */
  | { readonly kind: 'solution-cell'; readonly cell: number; readonly shaded: boolean }
  /** The rules stop short and the puzzle has several solutions: no cell is forced. */
  | { readonly kind: 'stuck' };

export interface HintSearchOptions {
  /** The techniques the hint may use (default: every one, as `explain`). */
  readonly techniques?: RulesOptions['techniques'];
  /** Bounds the whole hint: past it, its TimeoutError (a hint has no partial form). */
  readonly limit?: Limit;
  /** Called now and then while the techniques search, with the undecided cells and all the cells. */
  readonly onProgress?: (undecided: number, cells: number) => void;
  /**
   * The player's page circles the neighbours of every shaded mark by itself (as puzz.link
   * offers): an unmarked neighbour of a shaded mark counts as marked white, so no step is given
   * for those cells alone, and among the steps of the cheapest class one that shades is preferred.
   */
  readonly circleNeighbours?: boolean;
}

export async function hint(puzzle: Puzzle, marks: Marks | undefined, options: HintSearchOptions = {}): Promise<Hint> {
  const n = puzzle.rows * puzzle.cols;
  if (marks !== undefined && marks.length !== n) throw new RangeError(`${marks.length} marks for ${n} cells`);
  const given: Marks = marks ?? new Array<null>(n).fill(null);
  const limit = options.limit ?? Limit.none;
  // The signal's reason when it was aborted; else the one message of a hint out of time.
  const timeoutError = () => {
    limit.signal?.throwIfAborted();
    return new TimeoutError('the time limit was reached before the hint was found');
  };
  // Deduction first: most puzzles are finished by the sound deductions, which prove the solution
  // the only one without loading a SAT solver (a one-shot `hint` then never compiles its wasm).
  const solved = await solveWithEngine(puzzle, { engine: 'hybrid', maxSolutions: 2, limit });
  if (solved.status === 'timeout') throw timeoutError();
  if (solved.status === 'none') return { kind: 'no-solution' };
  const only = solved.status === 'unique' ? solved.solutions[0]! : undefined;
  const unmarked = given.reduce<number>((k, m) => (m === null ? k + 1 : k), 0);
  if (only !== undefined) {
    const wrong = given.flatMap((m, i) => (m !== null && m !== only[i] ? [i] : []));
    if (wrong.length > 0) return { kind: 'mistakes', cells: wrong, unique: true };
    if (only.every((black, i) => black === (given[i] === true))) return { kind: 'solved', unique: true, unmarked };
  } else {
    // The shaded marks, every other cell white: one of the solutions when the checker passes it.
    if (
      checkShading(
        puzzle,
        given.map((m) => m === true),
      ).length === 0
    )
      return { kind: 'solved', unique: false, unmarked };
    if (given.some((m) => m !== null)) {
      const { solveHitori } = await import('./solve.js');
      const fits = await solveHitori(puzzle, { maxSolutions: 1, known: given, limit });
      if (fits.status === 'timeout') throw timeoutError();
      if (fits.status === 'none') return { kind: 'mistakes', cells: [], unique: false };
    }
  }
  // Every mark is right by now, so the neighbours of a shaded mark are white in every solution.
  const played = options.circleNeighbours === true ? withCircledNeighbours(puzzle, given) : given;
  const step = nextStep(puzzle, played, only, limit, options);
  if (step !== undefined) return { kind: 'step', step };
  if (limit.expired) throw timeoutError();
  if (only === undefined) return { kind: 'stuck' };
  // Not solved, so some shaded cell of the solution is not marked yet.
  const cell = only.findIndex((black, i) => black && played[i] === null);
  return { kind: 'solution-cell', cell, shaded: only[cell]! };
}

/** The marks with every unmarked neighbour of a shaded mark marked white, as the player's page shows them. */
export function withCircledNeighbours(puzzle: Puzzle, marks: Marks): Marks {
  const g = geometryOf(puzzle);
  const out = [...marks];
  marks.forEach((m, i) => {
    if (m === true) for (const j of neighbours(g, i)) if (out[j] === null) out[j] = false;
  });
  return out;
}

/**
 * The smallest deduction on the player's board (see the header), or undefined when no technique
 * decides an unmarked cell. `solution`: the only solution, when it is known unique: the techniques
 * that assume it may run, last, and the probes it vouches for are skipped.
 */
function nextStep(
  puzzle: Puzzle,
  played: Marks,
  solution: readonly boolean[] | undefined,
  limit: Limit,
  { techniques, onProgress, circleNeighbours }: HintSearchOptions,
): Deduction | undefined {
  const chosen = techniques === undefined ? {} : { techniques };
  const state = Uint8Array.from(played, (m) => (m === null ? UNKNOWN : m ? BLACK : WHITE));
  // A trace, so that a probe tells its failed trial (the techniques only read the board).
  const board = new Board(puzzle, undefined, state, []);
  const tick = onProgress === undefined ? undefined : () => onProgress(board.unknownCount, board.n);
  const decides = (d: Deduction) => d.cells.reduce((k, { cell }) => (board.isUnknown(cell) ? k + 1 : k), 0);
  // What a step costs within its class: the cells it decides; with the neighbours circled by the
  // page, a step that shades first (each shaded cell circles its neighbours for free).
  const cost = (d: Deduction): number => {
    const k = decides(d);
    if (k === 0) return Infinity;
    return circleNeighbours === true && !d.cells.some(({ cell, colour }) => colour === 'black' && board.isUnknown(cell)) ? k + board.n : k;
  };
  // The solution as a witness (witnesses.ts): a probe that gives a cell its colour in the solution
  // cannot fail, so a pass of probes runs only the other colour, and finds the same first failing
  // probe as a pass that runs both. So in the probes of a Prob-2 trial.
  const witnessed = () => {
    const w = new Witnesses();
    if (solution !== undefined) w.know(board, solution);
    return w;
  };
  const search = (specs: readonly Technique[], only: (t: Technique) => boolean): Deduction | undefined => {
    const ctx: Context = {
      scope: {},
      prober: probeRunner(specs, false, limit, tick),
      prober2: probeRunner(specs, true, limit, tick, witnessed()),
      cursor: { next: 0 },
      ...(limit.bounded ? { limit } : {}),
    };
    // For the probes: every cheaper class found nothing, so they may run as trials from this board.
    const atFixpoint: Context = { ...ctx, atFixpoint: true, ...(solution === undefined ? {} : { witnesses: witnessed() }) };
    for (const level of levels) {
      let best: Deduction | undefined;
      let fewest = Infinity;
      for (const t of specs) {
        if (t.level !== level || !only(t)) continue;
        // The extras (the 2-SAT line solver, the common-consequence probes) only where the
        // thesis's own techniques of the class found nothing: a named pattern is easier to see
        // than what a line solver derives, and 2-SAT over every line is the class's dearest pass.
        if (t.extra && best !== undefined) continue;
        if (limit.expired) return undefined;
        tick?.();
        for (const d of t.find(board, level === 'G' ? atFixpoint : ctx)) {
          const k = cost(d);
          if (k < fewest) {
            best = d;
            fewest = k;
          }
        }
        // A probe decides one cell at a time: the first that succeeds will do.
        if (level === 'G' && best !== undefined) return best;
      }
      if (best !== undefined) return best;
    }
    return undefined;
  };
  const sound = search(selectTechniques({ ...chosen, assumeUnique: false }), () => true);
  // A search cut short by the time limit has not shown that nothing else applies: no UC then.
  if (sound !== undefined || solution === undefined || limit.expired) return sound;
  const all = selectTechniques({ ...chosen, assumeUnique: true });
  const uc = all.some((t) => t.code === 'UC') ? UCEach(board)[0] : undefined;
  if (uc !== undefined) return uc;
  // Probes whose trials may use UC (every technique without a probe found nothing above).
  return search(all, (t) => t.level === 'G');
}
