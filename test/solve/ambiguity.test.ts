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

  it('maps a 17x17 with three solutions in well under a second: its free cells are those where the listed solutions differ', async () => {
    // A generated unique 17x17 with the number at row 1, column 5 changed: three solutions,
    // every one listed by the SAT engine's solve (complete: it proved there are no more).
    const puzzle = parseText(seventeen);
    const all = await solveHitori(puzzle, { maxSolutions: 100 });
    expect(all.complete).toBe(true);
    const map = await ambiguityMap(puzzle);
    expect(map.status).toBe('multiple');
    expect(map.timeMs).toBeLessThan(1000);
    const first = all.solutions[0]!;
    const expected = first.map((x, i) => (all.solutions.every((s) => s[i] === x) ? x : null));
    expect(map.cells).toEqual(expected);
  });
});

const seventeen = `12 8 15 11 3 17 14 9 16 2 5 15 6 4 15 7 1
16 1 8 16 5 13 12 12 6 9 8 6 4 10 2 17 6
8 1 4 1 2 17 3 16 12 7 9 3 14 17 10 10 16
4 7 3 5 9 14 2 15 2 12 10 10 3 9 6 17 11
9 1 3 16 4 12 6 13 7 8 10 14 2 13 14 6 12
1 12 16 17 4 10 4 10 9 6 7 13 1 8 3 17 15
14 7 12 8 8 1 13 5 17 17 7 7 4 3 7 4 13
1 10 17 14 16 9 15 8 17 4 3 16 13 2 11 13 5
7 14 1 3 16 8 12 15 6 12 11 16 11 5 9 13 2
15 9 15 4 17 6 14 14 2 13 4 11 7 15 11 5 15
15 8 6 12 14 16 13 4 6 3 2 12 3 16 5 15 9
3 10 2 13 4 9 16 11 4 13 6 8 5 15 10 1 17
16 3 11 2 7 4 1 10 5 6 6 14 15 1 8 16 16
2 7 14 9 1 3 10 10 13 11 8 16 9 2 12 13 6
11 15 8 8 9 14 7 3 2 16 4 2 4 13 14 12 14
17 13 5 15 13 16 8 4 10 7 14 3 12 11 7 2 15
6 9 17 9 11 6 5 7 15 10 3 8 9 12 6 3 4
`;
