/** Rule 1 alone: the uniqueness pairs. */
import { describe, expect, it } from 'vitest';
import { encodeUniqueness } from '../../encodings/uniqueness.js';
import { HitoriVars } from '../../encodings/variables.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { Cnf } from '../../src/sat/cnf.js';
import { bruteForceMasks, gridOf, mulberry32, randomGrid, randomInt, type Grid } from '../support/brute-force.js';
import { gridsFor, inProcessBackends, projectedModels } from '../support/models.js';

function uniquenessCnf(grid: Grid): Cnf {
  const puzzle = grid as Puzzle;
  const vars = new HitoriVars(puzzle);
  const cnf = new Cnf();
  cnf.declare(vars.cells);
  encodeUniqueness(puzzle, vars, cnf);
  return cnf;
}

/** The clauses, each sorted, in sorted order: a readable set to compare with. */
function clauseSet(cnf: Cnf): number[][] {
  const out: number[][] = [];
  for (let k = 0; k < cnf.numClauses; k++) out.push(cnf.clause(k).sort((x, y) => x - y));
  return out.sort((x, y) => x.join(',').localeCompare(y.join(',')));
}

describe('uniqueness pairs (rule 1)', () => {
  it('uniqueness pairs for row "1 1 2" give s1 ∨ s2', () => {
    expect(clauseSet(uniquenessCnf(gridOf([[1, 1, 2]])))).toEqual([[1, 2]]);
  });

  it('uniqueness pairs for column "3 / 4 / 3" give s1 ∨ s3', () => {
    expect(clauseSet(uniquenessCnf(gridOf([[3], [4], [3]])))).toEqual([[1, 3]]);
  });

  it('a value three times in a row gives all three pairs', () => {
    expect(clauseSet(uniquenessCnf(gridOf([[5, 5, 2, 5]])))).toEqual([
      [1, 2],
      [1, 4],
      [2, 4],
    ]);
  });

  it('pairs come from rows and columns but never from diagonals', () => {
    // 1 2
    // 2 1   (equal values only on diagonals)
    expect(
      uniquenessCnf(
        gridOf([
          [1, 2],
          [2, 1],
        ]),
      ).numClauses,
    ).toBe(0);
    // 1 1
    // 1 2   row 1 gives s1 ∨ s2, column 1 gives s1 ∨ s3
    expect(
      clauseSet(
        uniquenessCnf(
          gridOf([
            [1, 1],
            [1, 2],
          ]),
        ),
      ),
    ).toEqual([
      [1, 2],
      [1, 3],
    ]);
  });

  it('a grid without repeats gives no clause', () => {
    expect(
      uniquenessCnf(
        gridOf([
          [1, 2, 3],
          [4, 5, 6],
          [7, 8, 9],
        ]),
      ).numClauses,
    ).toBe(0);
  });

  const rng = mulberry32(7);
  const grids: Grid[] = [];
  for (const [rows, cols] of [
    [1, 4],
    [4, 1],
    [2, 2],
    [2, 3],
    [3, 2],
    [3, 3],
    [2, 4],
    [4, 2],
  ] as const) {
    for (let k = 0; k < 6; k++) grids.push(randomGrid(rng, rows, cols, randomInt(rng, 1, 3)));
  }
  const ruleOneOnly = { noRepeat: true, noAdjacentShaded: false, connected: false, convention: 'literal' } as const;

  for (const backend of inProcessBackends) {
    it(`alone has as models exactly the shadings that obey rule 1 (brute force, ${backend})`, async () => {
      // MiniSat gets the first grid of each size and verdict (gridsFor, support/models.ts).
      for (const grid of gridsFor(backend, grids, (g) => bruteForceMasks(g, ruleOneOnly).length)) {
        const models = await projectedModels(uniquenessCnf(grid), grid.rows * grid.cols, backend);
        expect(models, `${grid.rows}x${grid.cols} [${grid.values.join(' ')}]`).toEqual(bruteForceMasks(grid, ruleOneOnly));
      }
    });
  }
});
