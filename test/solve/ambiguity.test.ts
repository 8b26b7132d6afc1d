/**
 * The ambiguity map against the brute-force enumerator: a cell is forced exactly when every
 * solution gives it one colour, and the map says which colour; free otherwise.
 */
import { describe, expect, it } from 'vitest';
import { ambiguityMap } from '../../src/solve/ambiguity.js';
import { conventions } from '../../src/puzzle/convention.js';
import { checkShading } from '../../src/puzzle/check.js';
import { bruteForceSolutions, fromMask, mulberry32, randomGrid, randomInt } from '../support/brute-force.js';
import { parseText } from '../../src/formats/text.js';
import { ambiguous17 } from '../support/ambiguous.js';
import { solveHitori } from '../../src/solve/solve.js';

describe('the ambiguity map', () => {
  const rng = mulberry32(2211);
  const grids = Array.from({ length: 120 }, () => {
    const rows = randomInt(rng, 1, 4);
    const cols = randomInt(rng, rows === 1 ? 2 : 1, 4);
    return randomGrid(rng, rows, cols, randomInt(rng, 1, 4));
  });

  it.each(conventions)(
    'marks a cell forced exactly when every brute-force solution agrees on it, on random grids up to 4x4 (%s)',
    async (convention) => {
      let multiple = 0;
      for (const grid of grids) {
        const n = grid.rows * grid.cols;
        const solutions = bruteForceSolutions(grid, convention).map((m) => fromMask(m, n));
        const map = await ambiguityMap(grid, { convention });
        expect(map.status, grid.id).toBe(solutions.length === 0 ? 'none' : solutions.length === 1 ? 'unique' : 'multiple');
        if (solutions.length === 0) continue;
        if (solutions.length > 1) multiple++;
        const expected = Array.from({ length: n }, (_, i) =>
          solutions.every((s) => s[i] === solutions[0]![i]) ? solutions[0]![i]! : null,
        );
        expect(map.cells, grid.id).toEqual(expected);
        expect(map.free, grid.id).toBe(expected.filter((c) => c === null).length);
        for (const s of map.solutions) expect(checkShading(grid, s, convention), grid.id).toEqual([]);
      }
      // The sample holds many ambiguous grids, so the free cells are tested, not only forced ones.
      expect(multiple).toBeGreaterThan(10);
    },
  );

  it('maps a 17x17 with three solutions: its free cells are those where the listed solutions differ', async () => {
    // Every solution listed by the SAT engine's solve (complete: it proved there are no more).
    const puzzle = parseText(ambiguous17);
    const all = await solveHitori(puzzle, { maxSolutions: 100 });
    expect(all.complete).toBe(true);
    const map = await ambiguityMap(puzzle);
    expect(map.status).toBe('multiple');
    const first = all.solutions[0]!;
    const expected = first.map((x, i) => (all.solutions.every((s) => s[i] === x) ? x : null));
    expect(map.cells).toEqual(expected);
  });
});
