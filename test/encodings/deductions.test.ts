/** The deductions before search: sound units from line patterns. */
import { describe, expect, it } from 'vitest';
import { encodeDeductions } from '../../encodings/deductions.js';
import { HitoriVars } from '../../encodings/variables.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { Cnf } from '../../src/sat/cnf.js';
import { bruteForceMasks, fromMask, gridOf, mulberry32, randomGrid, randomInt, type Grid, type RuleSet } from '../support/brute-force.js';

function units(grid: Grid): number[] {
  const puzzle = grid as Puzzle;
  const cnf = new Cnf();
  encodeDeductions(puzzle, new HitoriVars(puzzle), cnf);
  const out: number[] = [];
  for (let k = 0; k < cnf.numClauses; k++) {
    const clause = cnf.clause(k);
    expect(clause).toHaveLength(1);
    out.push(clause[0]!);
  }
  return [...new Set(out)].sort((a, b) => a - b);
}

/** Rules 1 and 2 only: the deductions may use nothing else. */
const rulesOneAndTwo: RuleSet = { noRepeat: true, noAdjacentShaded: true, connected: false, convention: 'literal' };

describe('deductions before search', () => {
  it('a sandwich x y x keeps its middle cell unshaded', () => {
    expect(units(gridOf([[4, 2, 4]]))).toEqual([-2]);
    expect(units(gridOf([[1, 2, 1, 3, 2]]))).toEqual([-2]);
  });

  it('a triple x x x shades both ends and keeps the middle unshaded', () => {
    expect(units(gridOf([[7], [7], [7]]))).toEqual([-2, 1, 3]);
  });

  it('a pair x x shades every other x of its line', () => {
    expect(units(gridOf([[5, 5, 1, 2, 5]]))).toEqual([5]);
    // With two sandwiches besides: 5 1 5 and 5 2 5 keep the 1 and the 2 unshaded.
    expect(units(gridOf([[5, 5, 1, 5, 2, 5]]))).toEqual([-5, -3, 4, 6]);
  });

  it('finds nothing in a line without those patterns', () => {
    expect(units(gridOf([[1, 2, 3, 1]]))).toEqual([]);
    expect(
      units(
        gridOf([
          [1, 2],
          [2, 1],
        ]),
      ),
    ).toEqual([]);
  });

  it('every unit holds in every shading that obeys rules 1 and 2, on random grids up to 4x4', () => {
    const rng = mulberry32(20261122);
    let checked = 0;
    for (let n = 0; n < 300; n++) {
      const grid = randomGrid(rng, randomInt(rng, 1, 4), randomInt(rng, 1, 4), randomInt(rng, 1, 3));
      const forced = units(grid);
      const cells = grid.rows * grid.cols;
      for (const mask of bruteForceMasks(grid, rulesOneAndTwo)) {
        const shading = fromMask(mask, cells);
        for (const lit of forced) expect(shading[Math.abs(lit) - 1]).toBe(lit > 0);
        checked += forced.length;
      }
    }
    // The sample must exercise the units, not pass vacuously.
    expect(checked).toBeGreaterThan(200);
  });
});
