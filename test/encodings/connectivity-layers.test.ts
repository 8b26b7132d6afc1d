/** Rule 3: connectivity by distance layers, its ground cells and its layer bound. */
import { describe, expect, it } from 'vitest';
import { encodeAdjacency } from '../../encodings/adjacency.js';
import { encodeConnectivityLayers, groundCells, minShadedBound } from '../../encodings/connectivity-layers.js';
import { encodeHitori } from '../../encodings/index.js';
import { HitoriVars } from '../../encodings/variables.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { Cnf } from '../../src/sat/cnf.js';
import {
  bruteForceMasks,
  bruteForceSolutions,
  gridOf,
  mulberry32,
  popcount,
  randomGrid,
  randomInt,
  type Grid,
} from '../support/brute-force.js';
import { inProcessBackends, projectedModels } from '../support/models.js';

const distinct = (rows: number, cols: number): Grid => ({ rows, cols, values: Array.from({ length: rows * cols }, (_, i) => i + 1) });
const label = (g: Grid) => `${g.rows}x${g.cols} [${g.values.join(' ')}]`;

describe('minShadedBound', () => {
  it('is 1 for the row "1 1 2": one of the two 1s must be shaded', () => {
    expect(minShadedBound(gridOf([[1, 1, 2]]) as Puzzle)).toBe(1);
  });

  it('counts m−1 per value occurring m times in a line, and takes the larger of the row and column sums', () => {
    // Rows: 2 + 0 + 0 = 2; columns: 0. → 2
    expect(
      minShadedBound(
        gridOf([
          [1, 1, 1],
          [2, 3, 4],
          [5, 6, 7],
        ]) as Puzzle,
      ),
    ).toBe(2);
    // Rows: 1 + 1 = 2; columns: 1 + 1 = 2. → 2
    expect(
      minShadedBound(
        gridOf([
          [1, 1],
          [1, 1],
        ]) as Puzzle,
      ),
    ).toBe(2);
    // Rows: (4 1 4 4 → 2) + (1 2 3 2 → 1) = 3; columns: (4,1→0) (1,2→0) (4,3→0) (4,2→0) = 0 → 3
    expect(
      minShadedBound(
        gridOf([
          [4, 1, 4, 4],
          [1, 2, 3, 2],
        ]) as Puzzle,
      ),
    ).toBe(3);
    // Column-driven: one column of five 9s → 4.
    expect(minShadedBound(gridOf([[9], [9], [9], [9], [9]]) as Puzzle)).toBe(4);
    expect(minShadedBound(distinct(4, 4) as Puzzle)).toBe(0);
  });

  it('is a true lower bound: never above the fewest shaded cells of a shading that obeys rule 1, nor of a solution', () => {
    const rng = mulberry32(31337);
    let checkedSolutions = 0;
    for (const [rows, cols] of [
      [1, 6],
      [6, 1],
      [2, 3],
      [3, 3],
      [3, 4],
      [4, 3],
      [4, 4],
    ] as const) {
      for (let k = 0; k < 12; k++) {
        const grid = randomGrid(rng, rows, cols, randomInt(rng, 2, Math.max(rows, cols) + 1));
        const bound = minShadedBound(grid as Puzzle);
        const ruleOne = bruteForceMasks(grid, { noRepeat: true, noAdjacentShaded: false, connected: false, convention: 'literal' });
        expect(bound, label(grid)).toBeLessThanOrEqual(Math.min(...ruleOne.map(popcount)));
        const solutions = bruteForceSolutions(grid);
        if (solutions.length > 0) {
          checkedSolutions++;
          expect(bound, label(grid)).toBeLessThanOrEqual(Math.min(...solutions.map(popcount)));
        }
      }
    }
    expect(checkedSolutions).toBeGreaterThan(10);
  });

  it('is reached exactly when a line forces one of two equal cells and nothing else', () => {
    // 1 2 1: the fewest shaded cells of a solution is 1 (either end); B = 1.
    const grid = gridOf([[1, 2, 1]]);
    expect(Math.min(...bruteForceSolutions(grid).map(popcount))).toBe(1);
    expect(minShadedBound(grid as Puzzle)).toBe(1);
  });
});

describe('ground cells', () => {
  it('are cell (1,1) and its right neighbour, or its lower one in a one-column grid, and only (1,1) in a 1x1 grid', () => {
    expect(groundCells(distinct(3, 3) as Puzzle)).toEqual({ a: 0, b: 1 });
    expect(groundCells(distinct(4, 1) as Puzzle)).toEqual({ a: 0, b: 1 });
    expect(groundCells(distinct(1, 1) as Puzzle)).toEqual({ a: 0, b: undefined });
  });

  it('a 1x1 grid encodes its one cell as unshaded: the all-shaded grid has no unshaded region', async () => {
    const { cnf } = encodeHitori({ rows: 1, cols: 1, values: [5] });
    expect(await projectedModels(cnf, 1, 'cadical')).toEqual([0]);
    expect(await projectedModels(cnf, 1, 'minisat')).toEqual([0]);
  });
});

describe('distance layers', () => {
  function adjacencyAndLayers(grid: Grid): Cnf {
    const puzzle = grid as Puzzle;
    const vars = new HitoriVars(puzzle);
    const cnf = new Cnf();
    cnf.declare(vars.cells);
    encodeAdjacency(puzzle, vars, cnf);
    encodeConnectivityLayers(puzzle, vars, cnf);
    return cnf;
  }
  const rulesTwoAndThree = { noRepeat: false, noAdjacentShaded: true, connected: true, convention: 'literal' } as const;

  for (const backend of inProcessBackends) {
    it(`with non-adjacency, on grids of distinct values (bound 0), has exactly the shadings obeying rules 2 and 3 (${backend})`, async () => {
      for (const [rows, cols] of [
        [1, 1],
        [1, 2],
        [2, 1],
        [1, 5],
        [5, 1],
        [2, 2],
        [2, 3],
        [3, 2],
        [3, 3],
        [2, 5],
        [3, 4],
        [4, 3],
        [4, 4],
      ] as const) {
        const grid = distinct(rows, cols);
        expect(await projectedModels(adjacencyAndLayers(grid), rows * cols, backend), `${rows}x${cols}`).toEqual(
          bruteForceMasks(grid, rulesTwoAndThree),
        );
      }
    });
  }

  it('cuts a diagonal shading of 2x2 that splits the unshaded cells (hand count: 5 shadings obey rules 2 and 3)', async () => {
    // Empty, four single cells; the two diagonals leave two unshaded cells that only touch at a corner.
    expect(await projectedModels(adjacencyAndLayers(distinct(2, 2)), 4, 'cadical')).toEqual([0b0000, 0b0001, 0b0010, 0b0100, 0b1000]);
  });

  it('keeps a solution whose farthest unshaded cell is exactly R·C − B − 1 steps from the ground', async () => {
    // 1 2 3 1: B = 1, so the layers stop at 2; shading either end leaves a path of 3 cells, 2 steps long.
    const grid = gridOf([[1, 2, 3, 1]]);
    expect(minShadedBound(grid as Puzzle)).toBe(1);
    const { cnf } = encodeHitori(grid as Puzzle);
    // Solutions: shade the first 1, the last 1, or both (brute force agrees: 3 shadings).
    expect(bruteForceSolutions(grid)).toEqual([0b0001, 0b1000, 0b1001]);
    for (const backend of inProcessBackends) {
      expect(await projectedModels(cnf, 4, backend)).toEqual([0b0001, 0b1000, 0b1001]);
      // The same as a 4x1 column, where the ground's partner is the cell below (1,1).
      const column = gridOf([[1], [2], [3], [1]]);
      expect(await projectedModels(encodeHitori(column as Puzzle).cnf, 4, backend)).toEqual([0b0001, 0b1000, 0b1001]);
    }
  });

  it('finds a winding unshaded path around shaded cells (3x3, same set as brute force)', async () => {
    // 1 2 3
    // 4 1 1
    // 5 6 1
    const grid = gridOf([
      [1, 2, 3],
      [4, 1, 1],
      [5, 6, 1],
    ]);
    expect(await projectedModels(encodeHitori(grid as Puzzle).cnf, 9, 'cadical')).toEqual(bruteForceSolutions(grid));
  });
});
