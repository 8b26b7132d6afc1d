/**
 * When a solution found with uniqueness-assuming rules (UC) is the only one.
 *
 * Claim: let S be the solution the engine derived, and suppose some deductions were UC (or probes
 * that used UC). If no white cell x of S could be shaded as well, that is, no white x has all its
 * neighbours white while the white cells other than x stay connected, then S is the only solution.
 *
 * Proof. Take any solution T and follow the engine's deductions in order, keeping a solution T'
 * that agrees with the board so far (start with T' = T). A sound deduction holds in T' already.
 * A UC deduction whitens a cell y whose other copies in its row and column are black on the board,
 * hence in T'; if y is black in T', unshade it: rule 1 holds (its copies are black), rule 2 holds,
 * rule 3 holds (y's neighbours are white in T' since y was black, so y joins the white region).
 * A probe that used UC whitens or blackens a cell correctly in T' by the same argument inside the
 * probe (probing.ts). At the end T' = S, and T' was made from T only by unshading; so T is S with
 * some set X of extra black cells. If X is not empty, pick x in X: S with x shaded is a solution
 * too (x's neighbours are white in T, so in S; the white cells of S other than x are those of T
 * plus the rest of X, each touching a white cell of T, so they are connected). That x is exactly
 * the cell this check looks for. Conversely, any such x gives a second solution, so the check is
 * exact: it passes if and only if S is the only solution.
 */
import { geometryOf, neighbours } from '../puzzle/geometry.js';
import { articulationPoints } from '../puzzle/graph.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import { Board } from './board.js';

/** The white cells of solution S that could be shaded as well, each giving a second solution. */
export function extraShadable(puzzle: Puzzle, solution: Board | Shading): number[] {
  const n = puzzle.rows * puzzle.cols;
  const black = solution instanceof Board ? (i: number) => solution.isBlack(i) : (i: number) => solution[i] === true;
  const whiteCount = Array.from({ length: n }, (_, i) => i).filter((i) => !black(i)).length;
  if (whiteCount < 2) return [];
  const g = geometryOf(puzzle);
  // Articulation points of the white cells.
  let root = 0;
  while (black(root)) root++;
  const cut = articulationPoints(g, root, (v) => !black(v));
  const out: number[] = [];
  for (let x = 0; x < n; x++) {
    if (black(x) || cut[x]) continue;
    if (neighbours(g, x).every((j) => !black(j))) out.push(x);
  }
  return out;
}

/** Whether a solution is the only one, given that it was derived by the engine (see above). */
export function uniquenessHolds(puzzle: Puzzle, solution: Board | Shading): boolean {
  return extraShadable(puzzle, solution).length === 0;
}
