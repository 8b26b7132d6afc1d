/**
 * Rule 3, connectivity, complete form: the distance-layer encoding of the thesis (section 6.2),
 * with the ground cell fixed instead of searched for and the layers bounded.
 *
 * Ground. Let a = cell (1,1) and b = its right neighbour (its lower one in a one-column grid).
 * The ground g is a if a is unshaded, else b. Rule 2 forbids a and b both shaded, so g is always
 * unshaded; no "exactly one ground" clauses are needed. The layer-0 literals are fixed:
 *     d(a,0) := ¬s_a        d(b,0) := s_a        (no other cell has layer 0)
 * A 1x1 grid has no b: its cell is the ground and stays unshaded (unit ¬s_a), because the
 * unshaded cells must form one non-empty region.
 *
 * Layers. Variable d(i,k) says "cell i is at distance k from g". For every cell i ≠ a and every
 * k in [lo(i), K] with k ≥ 1:
 *     (L1) d(i,k) → ¬s_i                                  shaded cells have no layer
 *     (L2) d(i,k) → ⋁_{j ∈ N(i), lo(j) ≤ k-1} d(j,k-1)     a neighbour one layer closer
 * and for every cell i ≠ a:
 *     (L3) s_i ∨ ⋁_k d(i,k)                               every unshaded cell has a layer
 * (a needs no layer variables: when unshaded it is the ground.)
 *
 * Bounds. lo(i) = min(|i-a|, |i-b|) in Manhattan distance, and K = R·C − B − 1, where B is a lower
 * bound on the number of shaded cells: a line in which a value occurs m times needs at least m−1
 * of those cells shaded (rule 1); rows are disjoint, so B_rows = Σ_rows Σ_values (m−1) is a lower
 * bound, likewise B_cols, and B = max(B_rows, B_cols).
 *
 * Soundness: by induction on k, a true d(i,k) means i is unshaded (L1) and joined to a cell with a
 * true layer-0 literal, which is g, by an unshaded path of k steps (L2). With (L3) every unshaded
 * cell reaches g, so the unshaded cells are connected. Completeness (no valid shading is cut, so
 * the uniqueness proof stays sound): for a valid shading set d(i,k) true iff k is the distance from
 * g to i within the unshaded cells. That distance is at least the Manhattan distance |i−g| ≥ lo(i),
 * and at most (number of unshaded cells) − 1 ≤ R·C − B − 1 = K; its BFS predecessor satisfies (L2).
 */
import { colOf, geometryOf, type LineRepeats, lineRepeats, neighbours, rowOf } from '../src/puzzle/geometry.js';
import type { Puzzle } from '../src/puzzle/puzzle.js';
import type { Encoder } from './variables.js';

/** B: a lower bound on the number of shaded cells in any shading that obeys rule 1 (`repeats`: the puzzle's lineRepeats, when counted already). */
export function minShadedBound(puzzle: Puzzle, repeats: Pick<LineRepeats, 'byRows' | 'byCols'> = lineRepeats(puzzle)): number {
  return Math.max(repeats.byRows, repeats.byCols);
}

/** The two ground candidates a and b (b is undefined for a 1x1 grid). */
export function groundCells(puzzle: Puzzle): { a: number; b: number | undefined } {
  return { a: 0, b: puzzle.rows * puzzle.cols > 1 ? 1 : undefined };
}

export const encodeConnectivityLayers: Encoder = (puzzle, vars, cnf) => {
  const g = geometryOf(puzzle);
  const n = g.cells;
  const { a, b } = groundCells(puzzle);
  const sa = vars.shaded(a);
  if (b === undefined) {
    cnf.add([-sa]);
    return;
  }
  const K = n - minShadedBound(puzzle) - 1;
  const manhattan = (i: number, j: number) => Math.abs(rowOf(g, i) - rowOf(g, j)) + Math.abs(colOf(g, i) - colOf(g, j));
  const lo = (i: number) => Math.min(manhattan(i, a), manhattan(i, b));

  // Allocate each cell's layers max(1, lo(i)) .. K as one block (cell a needs none).
  for (let i = 0; i < n; i++) {
    const low = Math.max(1, lo(i));
    if (i !== a && low <= K) vars.layerBlock(i, low, K - low + 1);
  }
  /** The literal for d(j,k), or 0 when j cannot be at distance k. */
  const layer = (j: number, k: number): number => (k === 0 ? (j === a ? -sa : j === b ? sa : 0) : vars.layer(j, k));

  for (let i = 0; i < n; i++) {
    if (i === a) continue;
    const atLeastOne = [vars.shaded(i)];
    if (i === b) atLeastOne.push(sa);
    for (let k = Math.max(1, lo(i)); k <= K; k++) {
      const d = layer(i, k);
      atLeastOne.push(d);
      cnf.add2(-d, -vars.shaded(i));
      const closer = [-d];
      for (const j of neighbours(g, i)) {
        const dj = layer(j, k - 1);
        if (dj !== 0) closer.push(dj);
      }
      cnf.add(closer);
    }
    cnf.add(atLeastOne);
  }
};
