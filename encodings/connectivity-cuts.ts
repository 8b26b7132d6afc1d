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
 *
 * Above `maxSingleSeedCells` cells the single-cell seeds are left out: they are one clause of up
 * to four literals per cell, and CaDiCaL keeps some 130 bytes per clause, so on a 1000x1000 grid
 * they were 1 million clauses and 130 MB of its heap, the difference between fitting in 512 MB
 * and not. The cuts still add them where a model needs them (a single cut-off cell's cut is its
 * seed); without them a 120x120 took 10x the time in cut rounds, but no grid of that size loses them.
 */
import { type Geometry, geometryOf, maxCachedSizes, neighbours } from '../src/puzzle/geometry.js';
import { type Components, componentsScratch, labelComponents } from '../src/puzzle/graph.js';
import type { Puzzle } from '../src/puzzle/puzzle.js';
import { Cnf } from '../src/sat/cnf.js';
import type { Encoder, HitoriVars } from './variables.js';

/**
 * Finds the unshaded components of a shading and the cut of each, without allocating: one
 * finder per grid, its scratch arrays reused across the solve loop's rounds.
 */
export class CutFinder {
  /** The unshaded components of the last `label` (src/puzzle/graph.ts). */
  private readonly parts: Components;
  /** `seen[i] === stamp` marks cell i as a boundary cell of the current component (no clearing needed). */
  private readonly seen: Int32Array;
  private readonly clause: Int32Array;
  private stamp = 0;
  /** The shading being labelled, and the test of a cell against it, made once. */
  private shaded: ArrayLike<boolean | number> = [];
  private readonly unshaded = (i: number): boolean => !this.shaded[i];

  constructor(private readonly g: Geometry) {
    this.parts = componentsScratch(g.cells);
    this.seen = new Int32Array(g.cells);
    this.clause = new Int32Array(g.cells);
  }

  /** The number of components found by the last `label`. */
  get count(): number {
    return this.parts.count;
  }

  /** Groups the unshaded cells into components; returns how many there are. */
  label(shaded: ArrayLike<boolean | number>): number {
    this.shaded = shaded;
    const count = labelComponents(this.g, this.g.cells, this.unshaded, this.parts);
    this.shaded = [];
    return count;
  }

  /** The cells of component c of the last `label` (a view into scratch memory). */
  component(c: number): Int32Array {
    const { order, first } = this.parts;
    return order.subarray(first[c]!, first[c + 1]!);
  }

  /**
   * When the shading falls apart, hands `add` the cut of every component (¬s_b for each boundary
   * cell b, a view into scratch memory) and returns their number; else returns 0.
   */
  cuts(shaded: ArrayLike<boolean | number>, vars: HitoriVars, add: (clause: Int32Array) => void): number {
    if (this.label(shaded) < 2) return 0;
    const { nbrStart, nbr } = this.g;
    const { order, first } = this.parts;
    for (let c = 0; c < this.count; c++) {
      // Boundary cells are the shaded neighbours of the component, marked with a fresh stamp.
      const mark = ++this.stamp;
      let length = 0;
      for (let k = first[c]!; k < first[c + 1]!; k++) {
        const i = order[k]!;
        for (let e = nbrStart[i]!; e < nbrStart[i + 1]!; e++) {
          const j = nbr[e]!;
          if (shaded[j] && this.seen[j] !== mark) {
            this.seen[j] = mark;
            this.clause[length++] = -vars.shaded(j);
          }
        }
      }
      add(this.clause.subarray(0, length));
    }
    return this.count;
  }
}

/** B: the cells outside `set` next to a cell of it. */
function boundary(puzzle: Pick<Puzzle, 'rows' | 'cols'>, set: readonly number[]): number[] {
  const inside = new Set(set);
  const out = new Set<number>();
  const g = geometryOf(puzzle);
  for (const i of set) for (const j of neighbours(g, i)) if (!inside.has(j)) out.add(j);
  return [...out];
}

/** The lemma's clause for a connected set: not every boundary cell is shaded. */
function cutClause(vars: HitoriVars, boundaryCells: readonly number[]): number[] {
  return boundaryCells.map((b) => -vars.shaded(b));
}

const maxSeedBoundary = 4;
/** The largest grid (cells) given the single-cell seeds (see the header): 512x512. */
const maxSingleSeedCells = 1 << 18;

/**
 * The seed clauses of an R x C grid. They depend on the shape and on where the pool put the
 * block of shading variables (its members are consecutive), so they are built once per size
 * and block and copied into each formula in bulk. Bounded like the geometry cache.
 */
const seedCache = new Map<string, Cnf>();

function seedClauses(puzzle: Puzzle, vars: HitoriVars, watch: (() => void) | undefined): Cnf {
  const key = `${puzzle.rows}x${puzzle.cols}@${vars.shaded(0)}`;
  let seeds = seedCache.get(key);
  if (!seeds) {
    const cnf = new Cnf();
    const n = puzzle.rows * puzzle.cols;
    const singles = n <= maxSingleSeedCells;
    const seed = (set: number[]) => {
      const b = boundary(puzzle, set);
      if (set.length + b.length < n && b.length > 0) cnf.add(cutClause(vars, b));
    };
    for (let i = 0; i < n; i++) {
      // The deadline of the formula being built: a first 30x30 takes ~100 ms here on a loaded
      // machine with only ~2,700 clauses, fewer than the CNF's own check needs to fire. A stop
      // leaves nothing in the cache.
      if ((i & 31) === 0) watch?.();
      if (singles) seed([i]);
      for (const j of neighbours(geometryOf(puzzle), i)) {
        if (j > i && boundary(puzzle, [i, j]).length <= maxSeedBoundary) seed([i, j]);
      }
    }
    seeds = cnf;
    seedCache.set(key, seeds);
    if (seedCache.size > maxCachedSizes) seedCache.delete(seedCache.keys().next().value!);
  }
  return seeds;
}

export const encodeConnectivitySeeds: Encoder = (puzzle, vars, cnf) => {
  // The unshaded region must be non-empty; only a 1x1 grid could shade everything.
  if (puzzle.rows * puzzle.cols === 1) cnf.add([-vars.shaded(0)]);
  cnf.append(seedClauses(puzzle, vars, cnf.watch));
};
