/**
 * Rule 3, connectivity, lazy form: cut clauses, added only when a model falls apart.
 *
 * Enclosure lemma. Let C be an orthogonally connected set of cells, B its boundary (the cells
 * outside C next to a cell of C), and O the cells in neither, with O non-empty. Then no valid
 * shading shades every cell of B:
 *     ⋁_{b ∈ B} ¬s_b
 * Proof. Suppose a valid shading shades all of B. C holds an unshaded cell: if |C| ≥ 2 it holds
 * two neighbours, which rule 2 forbids shading together; if |C| = 1 its one cell has only
 * shaded neighbours, so rule 2 keeps it unshaded. Every path from C to O crosses B, so by rule 3
 * every cell of O is shaded. A cell of O has a neighbour (the grid has at least two cells, as O
 * and C are non-empty), which lies in O or B (not in C, whose neighbours are in C ∪ B), and is
 * therefore shaded: two shaded neighbours, against rule 2. ∎
 *
 * Cuts. When a model's unshaded cells form several components, each component C is connected,
 * its boundary is shaded in the model, and O contains the other components, so the lemma gives
 * a clause that the model violates and every valid shading satisfies: re-solving with it is
 * sound and makes progress, and the uniqueness proof stays sound.
 *
 * Seeds. The same lemma, applied before solving to small sets: every single cell (B = its
 * neighbours: "not all neighbours of a cell are shaded") and every pair of neighbours whose
 * boundary has at most `maxSeedBoundary` cells (pairs at corners and borders), whenever O is
 * non-empty. They stop the solver from proposing the most common cut-off shapes.
 */
import { neighbours, type Puzzle, type Shading } from '../src/puzzle/puzzle.js';
import type { Encoder, HitoriVars } from './variables.js';

/** The unshaded components of a shading, each a list of cells (largest first is not promised). */
export function whiteComponents(puzzle: Puzzle, shading: Shading): number[][] {
  const n = puzzle.rows * puzzle.cols;
  const seen = new Uint8Array(n);
  const out: number[][] = [];
  for (let start = 0; start < n; start++) {
    if (shading[start] || seen[start]) continue;
    const component = [start];
    seen[start] = 1;
    for (let k = 0; k < component.length; k++) {
      for (const j of neighbours(puzzle, component[k]!)) {
        if (!shading[j] && !seen[j]) {
          seen[j] = 1;
          component.push(j);
        }
      }
    }
    out.push(component);
  }
  return out;
}

/** B: the cells outside `set` next to a cell of it. */
export function boundary(puzzle: Puzzle, set: readonly number[]): number[] {
  const inside = new Set(set);
  const out = new Set<number>();
  for (const i of set) for (const j of neighbours(puzzle, i)) if (!inside.has(j)) out.add(j);
  return [...out];
}

/** The lemma's clause for a connected set: not every boundary cell is shaded. */
export function cutClause(vars: HitoriVars, boundaryCells: readonly number[]): number[] {
  return boundaryCells.map((b) => -vars.shaded(b));
}

/** Adds a cut for every component of a disconnected shading; returns how many were added. */
export function addCuts(puzzle: Puzzle, vars: HitoriVars, components: readonly (readonly number[])[], add: (clause: number[]) => void): number {
  if (components.length < 2) return 0;
  for (const component of components) add(cutClause(vars, boundary(puzzle, component)));
  return components.length;
}

export const maxSeedBoundary = 4;

export const encodeConnectivitySeeds: Encoder = (puzzle, vars, cnf) => {
  const n = puzzle.rows * puzzle.cols;
  // The unshaded region must be non-empty; only a 1x1 grid could shade everything.
  if (n === 1) cnf.add([-vars.shaded(0)]);
  const seed = (set: number[]) => {
    const b = boundary(puzzle, set);
    if (set.length + b.length < n && b.length > 0) cnf.add(cutClause(vars, b));
  };
  for (let i = 0; i < n; i++) {
    seed([i]);
    for (const j of neighbours(puzzle, i)) {
      if (j > i && boundary(puzzle, [i, j]).length <= maxSeedBoundary) seed([i, j]);
    }
  }
};

