/** Rule 2 alone, and rules 1 and 2 together (connectivity 'none'). */
import { describe, expect, it } from 'vitest';
import { encodeAdjacency } from '../../encodings/adjacency.js';
import { encodeHitori } from '../../encodings/index.js';
import { HitoriVars } from '../../encodings/variables.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { Cnf } from '../../src/sat/cnf.js';
import { bruteForceMasks, gridOf, mulberry32, randomGrid, randomInt, type Grid } from '../support/brute-force.js';
import { gridsFor, inProcessBackends, projectedModels } from '../support/models.js';

function adjacencyCnf(grid: Grid): Cnf {
  const puzzle = grid as Puzzle;
  const vars = new HitoriVars(puzzle);
  const cnf = new Cnf();
  cnf.declare(vars.cells);
  encodeAdjacency(puzzle, vars, cnf);
  return cnf;
}

const blank = (rows: number, cols: number): Grid => ({ rows, cols, values: Array.from({ length: rows * cols }, (_, i) => i + 1) });
const ruleTwoOnly = { noRepeat: false, noAdjacentShaded: true, connected: false, convention: 'literal' } as const;
const rulesOneAndTwo = { noRepeat: true, noAdjacentShaded: true, connected: false, convention: 'literal' } as const;

describe('non-adjacency (rule 2)', () => {
  it('a 2x2 grid gives ¬s1 ∨ ¬s2, ¬s1 ∨ ¬s3, ¬s2 ∨ ¬s4, ¬s3 ∨ ¬s4 and nothing on the diagonals', () => {
    const cnf = adjacencyCnf(
      gridOf([
        [1, 1],
        [1, 1],
      ]),
    );
    const clauses = Array.from({ length: cnf.numClauses }, (_, k) =>
      cnf
        .clause(k)
        .sort((x, y) => x - y)
        .join(' '),
    ).sort();
    expect(clauses).toEqual(['-2 -1', '-3 -1', '-4 -2', '-4 -3']);
  });

  it('gives R(C−1) + C(R−1) clauses whatever the values', () => {
    for (const [rows, cols] of [
      [1, 1],
      [1, 5],
      [5, 1],
      [3, 4],
      [7, 2],
    ] as const) {
      expect(adjacencyCnf(blank(rows, cols)).numClauses).toBe(rows * (cols - 1) + cols * (rows - 1));
    }
  });

  it('counts the independent sets of the grid graph: 1x1..4x4 squares give 2, 7, 63, 1234 (OEIS A006506)', async () => {
    const known = [2, 7, 63, 1234];
    for (let n = 1; n <= 4; n++) {
      expect(bruteForceMasks(blank(n, n), ruleTwoOnly)).toHaveLength(known[n - 1]!);
      expect(await projectedModels(adjacencyCnf(blank(n, n)), n * n, 'cadical')).toHaveLength(known[n - 1]!);
    }
  });

  for (const backend of inProcessBackends) {
    it(`alone has as models exactly the shadings that obey rule 2 (brute force, ${backend})`, async () => {
      for (const [rows, cols] of [
        [1, 1],
        [1, 6],
        [6, 1],
        [2, 3],
        [3, 2],
        [2, 4],
        [3, 3],
      ] as const) {
        const grid = blank(rows, cols);
        expect(await projectedModels(adjacencyCnf(grid), rows * cols, backend), `${rows}x${cols}`).toEqual(
          bruteForceMasks(grid, ruleTwoOnly),
        );
      }
    });
  }

  const rng = mulberry32(99);
  const grids: Grid[] = [];
  for (const [rows, cols] of [
    [1, 5],
    [5, 1],
    [2, 2],
    [2, 3],
    [3, 2],
    [3, 3],
    [3, 4],
    [4, 3],
    [4, 4],
  ] as const) {
    for (let k = 0; k < 6; k++) grids.push(randomGrid(rng, rows, cols, randomInt(rng, 1, Math.max(rows, cols))));
  }
  for (const backend of inProcessBackends) {
    it(`with uniqueness pairs and connectivity 'none' has exactly the shadings obeying rules 1 and 2 (${backend})`, async () => {
      // MiniSat gets the first grid of each size and verdict (gridsFor, support/models.ts).
      for (const grid of gridsFor(backend, grids, (g) => bruteForceMasks(g, rulesOneAndTwo).length)) {
        const { cnf, vars } = encodeHitori(grid as Puzzle, { connectivity: 'none' });
        expect(await projectedModels(cnf, vars.cells, backend), `${grid.rows}x${grid.cols} [${grid.values.join(' ')}]`).toEqual(
          bruteForceMasks(grid, rulesOneAndTwo),
        );
      }
    });
  }
});
