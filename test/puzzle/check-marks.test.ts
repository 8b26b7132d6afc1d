/**
 * checkMarks (src/puzzle/check.ts), the rules a board in progress already breaks, against the
 * brute force of test/support: marks that break a rule have no solution that agrees with them;
 * marks taken from a solution break none; on a board with every cell marked it says what the
 * brute-force judgement says of that shading.
 */
import { describe, expect, it } from 'vitest';
import { checkMarks } from '../../src/puzzle/check.js';
import { bruteForceSolutions, fromMask, judge, mulberry32, randomGrid, randomInt } from '../support/brute-force.js';

describe('checkMarks', () => {
  const rng = mulberry32(41);
  const boards = Array.from({ length: 150 }, () => {
    const rows = randomInt(rng, 1, 4);
    const cols = randomInt(rng, 1, 4);
    const grid = randomGrid(rng, rows, cols, Math.max(rows, cols));
    return { grid, solutions: bruteForceSolutions(grid).map((m) => fromMask(m, rows * cols)) };
  });

  it('marks that break a rule agree with no solution; marks copied from a solution break none', () => {
    let broken = 0;
    for (const { grid, solutions } of boards) {
      const n = grid.rows * grid.cols;
      for (let k = 0; k < 6; k++) {
        const marks = Array.from({ length: n }, () => (rng() < 0.4 ? null : rng() < 0.35));
        if (checkMarks(grid, marks).length === 0) continue;
        broken++;
        const agrees = solutions.some((s) => marks.every((m, i) => m === null || m === s[i]));
        expect(agrees, `${grid.id}: ${JSON.stringify(marks)}`).toBe(false);
      }
      for (const s of solutions)
        expect(
          checkMarks(
            grid,
            s.map((b) => (rng() < 0.5 ? null : b)),
          ),
          grid.id,
        ).toEqual([]);
    }
    expect(broken).toBeGreaterThan(50);
  });

  it('on a board with every cell marked, breaks a rule exactly when the brute force judges the shading no solution', () => {
    for (const { grid } of boards) {
      const shading = Array.from({ length: grid.rows * grid.cols }, () => rng() < 0.3);
      const j = judge(grid, shading);
      // Every cell shaded leaves no cell marked unshaded: the marks alone cannot say the region is empty.
      if (shading.every(Boolean)) continue;
      expect(checkMarks(grid, shading).length > 0, grid.id).toBe(j.repeat || j.adjacentShaded || j.disconnected);
    }
  });

  it('names the rule: touching shaded cells, a number marked unshaded twice, marked cells cut apart', () => {
    const grid = { rows: 2, cols: 3, values: [1, 2, 1, 3, 1, 2] };
    expect(checkMarks(grid, [true, null, null, true, null, null]).map((v) => v.message)).toEqual([
      'shaded cells touch at row 1, column 1 and row 2, column 1',
    ]);
    expect(checkMarks(grid, [false, null, false, null, null, null]).map((v) => v.rule)).toEqual(['repeat']);
    const square = { rows: 3, cols: 3, values: [1, 2, 3, 4, 5, 6, 7, 8, 9] };
    expect(checkMarks(square, [false, true, null, true, null, null, null, null, false]).map((v) => v.message)).toEqual([
      '1 cell(s) marked unshaded are cut off from row 1, column 1 by shaded cells, first at row 3, column 3',
    ]);
  });
});
