/**
 * When a solution found with uniqueness-assuming rules (UC) is the only one.
 *
 * Lemma (unshading). Let T'' and T' be solutions with the black cells of T'' a subset of those of
 * T'. Then unshading in T' any cell x that is black in T' and white in T'' leaves a solution.
 * Proof. Rule 2: the black cells only get fewer. Rule 3: x's neighbours are white in T' (rule 2
 * in T', x being black), so x joins the white region of T', which was connected. Rule 1: every
 * other cell y of x's number in x's row or column is black in T'' (x is white there, rule 1 in
 * T''), hence black in T' (subset); so x's number stays single among the white cells of its
 * lines. So one solution below another (by black cells) lets the upper one drop any of the extra
 * black cells, one at a time. Corollary: the inclusion-minimal solutions (no black cell can be
 * unshaded) are exactly the solutions of the shaded-duplicates convention (every black cell
 * repeats a white number of its row or column), and a grid has one minimal solution exactly when
 * it is unique under that convention.
 *
 * "Sound up to unshading." A deduction is sound up to unshading when, for every solution T that
 * agrees with the board, some solution T* whose black cells are a subset of T's agrees with the
 * board and the deduction. A sound deduction has T* = T. UC: see trivial.ts (T* = T with the
 * whitened cell unshaded). A probe that used UC (Prob) concludes that the probed cell p cannot
 * have colour c: from a solution T with p = c, follow the trial's deductions, unshading as UC
 * asks (never p, which is set); the result is a solution that agrees with every step of the trial,
 * so the trial could not have ended in a clash. Prob-C concludes that y has colour c because both
 * trials (p black, p white) end with y = c: from T, the trial of T's colour of p yields T' (black
 * cells a subset of T's) with y = c. If c is black, y is black in T too. If c is white and y is
 * black in T, the lemma (T'' = T', T' = T) lets T drop y: T* is T with y unshaded.
 *
 * Claim: let S be the solution the engine derived, and suppose some deductions were UC (or probes
 * that used UC). If no white cell x of S could be shaded as well, that is, no white x has all its
 * neighbours white while the white cells other than x stay connected, then S is the only solution.
 *
 * Proof. Take any solution T and follow the engine's deductions in order, keeping a solution T'
 * that agrees with the board so far (start with T' = T); by the above, each deduction, sound or
 * sound up to unshading, keeps such a T' while only unshading cells. At the end T' = S, so T is S
 * with some set X of extra black cells. If X is not empty, pick x in X: S with x shaded is a
 * solution too (x's neighbours are white in T, so in S; the white cells of S other than x are
 * those of T plus the rest of X, each touching a white cell of T, so they are connected). That x
 * is exactly the cell this check looks for. Conversely, any such x gives a second solution, so the
 * check is exact: it passes if and only if S is the only solution.
 */
import { geometryOf } from '../puzzle/geometry.js';
import { articulationPoints } from '../puzzle/graph.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import { Board } from './board.js';

/** The white cells of solution S that could be shaded as well, each giving a second solution. */
export function extraShadable(puzzle: Puzzle, solution: Board | Shading): number[] {
  const n = puzzle.rows * puzzle.cols;
  const black = solution instanceof Board ? (i: number) => solution.isBlack(i) : (i: number) => solution[i] === true;
  // Plain loops over the compressed neighbour lists: this runs once per rated or solved grid, and
  // on a 200,000-cell one the arrays and callbacks per cell took a tenth of a second.
  let root = -1;
  let whiteCount = 0;
  for (let i = 0; i < n; i++) {
    if (black(i)) continue;
    whiteCount++;
    if (root < 0) root = i;
  }
  if (whiteCount < 2) return [];
  const g = geometryOf(puzzle);
  const { nbrStart, nbr } = g;
  // Articulation points of the white cells.
  const cut = articulationPoints(g, root, (v) => !black(v));
  const out: number[] = [];
  for (let x = 0; x < n; x++) {
    if (black(x) || cut[x]) continue;
    let free = true;
    for (let k = nbrStart[x]!; k < nbrStart[x + 1]! && free; k++) free = !black(nbr[k]!);
    if (free) out.push(x);
  }
  return out;
}

/** Whether a solution is the only one, given that it was derived by the engine (see above). */
export function uniquenessHolds(puzzle: Puzzle, solution: Board | Shading): boolean {
  return extraShadable(puzzle, solution).length === 0;
}
