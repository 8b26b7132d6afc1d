/**
 * A hint for a player part-way through a puzzle: first the marks that are wrong, then the next
 * deduction from where the player stands.
 *
 * Wrong marks are found against the puzzle's solutions, by SAT: with one solution, a mark that
 * differs from it is wrong; with several, the marks are wrong when no solution agrees with all of
 * them (a solve with the marks as known cells finds none), and which ones cannot be said.
 *
 * The next deduction is the first step of the rule engine's explanation (explainPuzzle, the same
 * run `explain` prints) that decides a cell the player has not marked. Every step before it
 * decides only cells the player has marked, and marked right, so the colours it reasons from are
 * on the player's board; the techniques only get more from more decided cells, so the step holds
 * there too. When the rules stop short of the player's board, the hint is one cell of the only
 * solution, as SAT found it (no reason can be given for it).
 */
import { TimeoutError } from '../job/errors.js';
import type { Puzzle } from '../puzzle/puzzle.js';
import { type ExplainRunOptions, explainPuzzle } from '../rules/explain.js';
import type { Deduction } from '../rules/types.js';
import { solveHitori } from './solve.js';

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
  /** Every cell is marked, and the marks are a solution (the only one, when there is one). */
  | { readonly kind: 'solved' }
  /** The next deduction: step `number` (1-based) of the explanation. */
  | { readonly kind: 'step'; readonly number: number; readonly step: Deduction }
  /** The rules stop short of the player's board: one cell of the only solution, from SAT. */
  | { readonly kind: 'solution-cell'; readonly cell: number; readonly shaded: boolean }
  /** The rules stop short and the puzzle has several solutions: no cell is forced. */
  | { readonly kind: 'stuck' };

export interface HintSearchOptions extends Pick<ExplainRunOptions, 'onProgress'> {
  /** A time limit in ms for the whole hint; past it, a TimeoutError. */
  readonly timeoutMs?: number;
}

export async function hint(puzzle: Puzzle, marks: Marks | undefined, options: HintSearchOptions = {}): Promise<Hint> {
  const n = puzzle.rows * puzzle.cols;
  if (marks !== undefined && marks.length !== n) throw new RangeError(`${marks.length} marks for ${n} cells`);
  const played: Marks = marks ?? new Array<null>(n).fill(null);
  const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
  const remaining = () => (deadline === undefined ? {} : { timeoutMs: Math.max(1, deadline - Date.now()) });
  const solved = await solveHitori(puzzle, { maxSolutions: 2, ...remaining() });
  if (solved.status === 'timeout') throw timeoutError();
  if (solved.status === 'none') return { kind: 'no-solution' };
  const only = solved.status === 'unique' ? solved.solutions[0]! : undefined;
  if (only !== undefined) {
    const wrong = played.flatMap((m, i) => (m !== null && m !== only[i] ? [i] : []));
    if (wrong.length > 0) return { kind: 'mistakes', cells: wrong, unique: true };
    if (played.every((m) => m !== null)) return { kind: 'solved' };
  } else if (played.some((m) => m !== null)) {
    const fits = await solveHitori(puzzle, { maxSolutions: 1, known: played, ...remaining() });
    if (fits.status === 'timeout') throw timeoutError();
    if (fits.status === 'none') return { kind: 'mistakes', cells: [], unique: false };
    // A full board that fits is one of the solutions.
    if (played.every((m) => m !== null)) return { kind: 'solved' };
  }
  // SAT has told whether the solution is unique: the steps that assume it (UC) are used only then.
  const run = explainPuzzle(puzzle, {
    ...remaining(),
    assumeUnique: only !== undefined,
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
  // A run stopped by the time limit still gives a hint when a step it made reaches past the marks.
  const k = run.result.steps.findIndex((d) => d.cells.some(({ cell }) => played[cell] === null));
  if (k >= 0) return { kind: 'step', number: k + 1, step: run.result.steps[k]! };
  if (run.result.timedOut) throw timeoutError();
  if (only === undefined) return { kind: 'stuck' };
  const cell = played.indexOf(null);
  return { kind: 'solution-cell', cell, shaded: only[cell]! };
}

function timeoutError(): TimeoutError {
  return new TimeoutError('the time limit was reached before the hint was found');
}
