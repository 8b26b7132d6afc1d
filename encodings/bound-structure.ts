/**
 * Implied clauses for "at least k cells shaded" on a blank m x n board (m, n ≥ 2), from the edge
 * count of src/maxblack/maxblack-bound.ts: a valid shading with s shaded cells has
 *     3s = (m-1)(n-1) + Σε - μ
 * (ε(v) = 1 for a shaded side cell, 2 for a shaded corner; μ = the independent cycles of the
 * unshaded region U). So s ≥ k needs Σε - μ ≥ t := 3k - (m-1)(n-1).
 *
 * μ ≥ #white 2x2 blocks: U's cells with its edges is a connected plane graph (cells at their
 * centres), so by Euler μ is its number of bounded faces, and each 2x2 block of unshaded cells
 * bounds a face of its own (a unit square, containing no other cell). Hence every valid shading
 * with at least k shaded cells satisfies
 *     Σε ≥ t + #{2x2 blocks with all four cells unshaded}.                               (B)
 * Clauses: per block b a fresh w_b with (s_1 ∨ s_2 ∨ s_3 ∨ s_4 ∨ w_b) (all unshaded → w_b); a
 * totalizer over the border literals, each corner's twice (encodings/cardinality-totalizer.ts),
 * with outputs E_j ("Σε ≥ j"); a totalizer over the w_b with outputs Q_j ("at least j blocks
 * flagged"), capped at slack + 1 where slack = W - t (W the most Σε); and
 *     E_t,     ¬Q_j ∨ E_{t+j} (j = 1 .. slack),     ¬Q_{slack+1}.
 * Soundness: a model restricted to the shading satisfies (B), as flagged blocks include the white
 * ones. Completeness (no valid shading with s ≥ k is cut): set w_b true exactly on the white
 * blocks; then Q_j holds iff there are at least j, and (B) gives the E's. So adding these clauses
 * to "at least k shaded" keeps exactly its valid shadings, and an unsatisfiable answer still
 * proves that none exists. Their use: a search for k at or near the bound otherwise wanders
 * through shadings whose border or holes already rule k out (the issue measured 13x13 at 57:
 * hundreds of cut rounds without the border condition, about ten with it).
 */
import type { Cnf } from '../src/sat/cnf.js';
import { encodeAtLeastTotalizer } from './cardinality-totalizer.js';

export interface BoundStructureBoard {
  readonly rows: number;
  readonly cols: number;
  /** The border cells, each with whether it is a corner. */
  readonly border: readonly { readonly cell: number; readonly corner: boolean }[];
  /** W: the most Σε over independent sets of border cells. */
  readonly borderWeight: number;
}

/** Adds (B) for "at least k shaded", `shaded(i)` being cell i's variable; returns the slack W - t. */
export function encodeBoundStructure(
  board: BoundStructureBoard,
  k: number,
  shaded: (cell: number) => number,
  fresh: () => number,
  cnf: Cnf,
): number {
  const { rows, cols } = board;
  const t = 3 * k - (rows - 1) * (cols - 1);
  const slack = board.borderWeight - t;
  if (slack < 0) {
    cnf.add([]);
    return slack;
  }
  const borderLits: number[] = [];
  for (const { cell, corner } of board.border) {
    borderLits.push(shaded(cell));
    if (corner) borderLits.push(shaded(cell));
  }
  const e = encodeAtLeastTotalizer(borderLits, board.borderWeight, fresh, cnf);
  const atLeast = (j: number) => e[j - 1];
  if (t >= 1) cnf.add([atLeast(t)!]);
  const flags: number[] = [];
  for (let r = 0; r + 1 < rows; r++)
    for (let c = 0; c + 1 < cols; c++) {
      const i = r * cols + c;
      const w = fresh();
      cnf.add([shaded(i), shaded(i + 1), shaded(i + cols), shaded(i + cols + 1), w]);
      flags.push(w);
    }
  const q = encodeAtLeastTotalizer(flags, slack + 1, fresh, cnf);
  for (let j = 1; j <= slack + 1 && j <= q.length; j++) {
    if (j > slack) cnf.add([-q[j - 1]!]);
    else if (t + j >= 1) cnf.add([-q[j - 1]!, atLeast(t + j)!]);
  }
  return slack;
}
