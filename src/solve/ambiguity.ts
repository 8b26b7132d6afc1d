/**
 * The ambiguity map: which cells have the same colour in every solution (forced, and which
 * colour) and which differ between solutions (free). It is the backbone of the shading
 * variables, computed by SAT on one incremental session:
 *
 * 1. Solve: no model, no solution (every cell is then vacuously forced; the map says "none").
 * 2. Each model found is a solution (connected by the session's cuts, checked by the independent
 *    checker, both in the session); a cell whose colour differs between two solutions is free.
 * 3. For each cell i not yet known free, solve under the assumption that i has the opposite of
 *    its colour in the first solution S. A model T is a solution in which i differs, so i is free,
 *    and so is every other cell where T differs from S. "Unsatisfiable" proves that every solution
 *    gives i the colour S gives it: i is forced.
 *
 * Sound and complete: every cell ends forced (a proof by the solver) or free (two checked
 * solutions that differ there). A puzzle is unique exactly when every cell is forced.
 */
import type { Convention } from '../puzzle/convention.js';
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import { SatSession } from './session.js';
import type { Limit } from '../control/limit.js';

export interface AmbiguityOptions {
  readonly convention?: Convention;
  /** Past its deadline, its TimeoutError (the map has no partial form); its signal cancels the map (see SessionOptions). */
  readonly limit?: Limit;
  readonly onProgress?: (message: string) => void;
}

export interface AmbiguityMap {
  /** `none`: no solution; `unique`: every cell forced; `multiple`: some cell free. */
  readonly status: 'none' | 'unique' | 'multiple';
  /** Per cell: true forced shaded, false forced unshaded, null free (empty when there is no solution). */
  readonly cells: readonly (boolean | null)[];
  readonly forced: number;
  readonly free: number;
  /**
   * Solutions found on the way (each checked), the first one first: witnesses of the free cells,
   * as many as `keptCells` allows (all of them on a puzzle of up to 4,096 cells).
   */
  readonly solutions: readonly Shading[];
  /** How many solutions were found on the way, kept or not. */
  readonly seen: number;
  /** SAT calls made (connectivity-cut rounds included). */
  readonly satCalls: number;
  readonly timeMs: number;
}

/**
 * The cells of the solutions kept, in all: a map of a large grid finds a solution for nearly every
 * cell it tries (a 1000x1000 Latin square held 2.7 GB of them after two minutes).
 */
const keptCells = 1 << 22;

export async function ambiguityMap(puzzle: Puzzle, options: AmbiguityOptions = {}): Promise<AmbiguityMap> {
  const start = performance.now();
  const session = await SatSession.open(puzzle, {
    convention: options.convention ?? 'literal',
    // As a solve's CaDiCaL CNF is bounded (src/solve/solve.ts): refused before it is built.
    maxLiterals: 25e6,
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  });
  try {
    const n = puzzle.rows * puzzle.cols;
    const first = await session.find();
    if (first === null)
      return {
        status: 'none',
        cells: [],
        forced: 0,
        free: 0,
        solutions: [],
        seen: 0,
        satCalls: session.calls,
        timeMs: performance.now() - start,
      };
    const solutions = [first];
    const kept = Math.max(2, Math.floor(keptCells / n));
    let seen = 1;
    const free = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      if (free[i]) continue;
      const v = session.formula.shaded(i);
      const other = await session.find([first[i] ? -v : v]);
      if (other === null) continue;
      seen++;
      if (solutions.length < kept) solutions.push(other);
      for (let j = 0; j < n; j++) if (other[j] !== first[j]) free[j] = 1;
      options.onProgress?.(`ambiguity map: cell ${i + 1} of ${n}, ${seen} solutions seen`);
    }
    const cells = first.map((s, i) => (free[i] ? null : s));
    const freeCount = free.reduce((a, b) => a + b, 0);
    return {
      status: freeCount === 0 ? 'unique' : 'multiple',
      cells,
      forced: n - freeCount,
      free: freeCount,
      solutions,
      seen,
      satCalls: session.calls,
      timeMs: performance.now() - start,
    };
  } finally {
    session.dispose();
  }
}
