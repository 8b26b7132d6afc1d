/**
 * The size of the CNF `encodeHitori` would build, computed before building it, in time linear in
 * the grid, so that a command can refuse a formula that would not fit in memory instead of
 * running out of it.
 *
 * Counts (n cells, deg(i) the neighbours of cell i, m_v the cells holding value v in a line):
 * - uniqueness: one 2-literal clause per pair of equal values in a line, sum over lines and values
 *   of m_v (m_v - 1) / 2;
 * - adjacency: one 2-literal clause per pair of neighbours;
 * - layers (connectivity-layers.ts): cell i gets L(i) = K - max(1, lo(i)) + 1 layer variables,
 *   each with a 2-literal clause and a clause of 1 + deg(i) literals, plus one "at least one
 *   layer" clause of L(i) + 1 or 2 literals;
 * - lazy seeds (connectivity-cuts.ts): bounded by one clause of at most 4 literals per cell and
 *   per pair of neighbours;
 * - conventions: `unique-white` at most one unit per cell; `shaded-duplicates` one clause per
 *   cell of 1 + its line mates' literals;
 * The figures agree with the built CNF within a few percent: enough to decide what fits.
 */
import type { Convention } from '../src/puzzle/convention.js';
import { type Puzzle, roughCount } from '../src/puzzle/puzzle.js';
import { groundCells, minShadedBound } from './connectivity-layers.js';
import { lineRepeats } from '../src/puzzle/geometry.js';
import type { ConnectivityMode } from './index.js';
import { TooLargeError } from '../src/control/errors.js';

export interface CnfSize {
  readonly variables: number;
  readonly clauses: number;
  readonly literals: number;
}

function estimateCnfSize(puzzle: Puzzle, connectivity: ConnectivityMode, convention: Convention, checkpoint?: () => void): CnfSize {
  const { rows, cols } = puzzle;
  const n = rows * cols;
  let variables = n;
  let clauses = 0;
  let literals = 0;
  // Uniqueness pairs, and each cell's line mates for shaded-duplicates.
  const repeats = lineRepeats(puzzle, checkpoint);
  const matePairs = repeats.pairs;
  clauses += matePairs;
  literals += 2 * matePairs;
  const edges = rows * (cols - 1) + cols * (rows - 1);
  clauses += edges;
  literals += 2 * edges;
  if (connectivity === 'lazy') {
    clauses += n + edges;
    literals += 4 * (n + edges);
  }
  if (connectivity === 'layers' && n > 1) {
    const K = n - minShadedBound(puzzle, repeats) - 1;
    const { a, b } = groundCells(puzzle);
    const at = (i: number) => [Math.floor(i / cols), i % cols] as const;
    const [ar, ac] = at(a);
    const [br, bc] = at(b!);
    for (let i = 0; i < n; i++) {
      if (i === a) continue;
      if ((i & 0xffff) === 0) checkpoint?.();
      const r = Math.floor(i / cols);
      const c = i - r * cols;
      const lo = Math.min(Math.abs(r - ar) + Math.abs(c - ac), Math.abs(r - br) + Math.abs(c - bc));
      const layers = Math.max(0, K - Math.max(1, lo) + 1);
      const degree = (r > 0 ? 1 : 0) + (r < rows - 1 ? 1 : 0) + (c > 0 ? 1 : 0) + (c < cols - 1 ? 1 : 0);
      variables += layers;
      clauses += 2 * layers + 1;
      literals += layers * (2 + 1 + degree) + layers + 2;
    }
  }
  if (convention === 'unique-white') {
    clauses += n;
    literals += n;
  }
  if (convention === 'shaded-duplicates') {
    clauses += n;
    literals += n + 2 * matePairs;
  }
  // Deduction units.
  clauses += n;
  literals += n;
  return { variables, clauses, literals };
}

/**
 * Throws TooLargeError when the CNF for these settings would have more than `maxLiterals`
 * literals. `advice` ends the message (what to do instead). `checkpoint` is called as the count
 * goes (a limit's check), for a grid of a million cells.
 */
export function assertCnfFits(
  puzzle: Puzzle,
  connectivity: ConnectivityMode,
  convention: Convention,
  maxLiterals: number,
  advice: string,
  checkpoint?: () => void,
): CnfSize {
  const size = estimateCnfSize(puzzle, connectivity, convention, checkpoint);
  if (size.literals > maxLiterals) {
    const fmt = roughCount;
    throw new TooLargeError(
      `the ${puzzle.rows}x${puzzle.cols} grid is too large for the ${connectivity === 'layers' ? 'layered' : connectivity} CNF: about ${fmt(size.variables)} variables and ${fmt(size.literals)} literals, more than the ${fmt(maxLiterals)} literals allowed; ${advice}`,
    );
  }
  return size;
}
