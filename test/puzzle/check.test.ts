/**
 * The checker (src/puzzle/check.ts) against the brute-force judgement of test/support, which is
 * written separately from the rule definitions; and hand-made violations of each rule.
 */
import { describe, expect, it } from 'vitest';
import { checkShading, type RuleName } from '../../src/puzzle/check.js';
import { conventions, type Convention } from '../../src/puzzle/convention.js';
import { puzzleFromGrid, shadingFromGrid, type Puzzle } from '../../src/puzzle/puzzle.js';
import {
  allRules,
  bruteForceMasks,
  bruteForceSolutions,
  fromMask,
  judgeMask,
  mulberry32,
  obeysMask,
  randomGrid,
  randomInt,
  type Grid,
} from '../support/brute-force.js';
import { expectSame } from '../support/expect-same.js';

/** The rules the brute force says are broken, named as the checker names them. */
function expectedRules(grid: Grid, mask: number, convention: Convention): RuleName[] {
  const j = judgeMask(grid, mask);
  const out: RuleName[] = [];
  if (j.repeat) out.push('repeat');
  if (j.adjacentShaded) out.push('adjacent-shaded');
  if (j.disconnected) out.push('disconnected');
  if (convention === 'unique-white' && j.uniqueWhite) out.push('unique-white');
  if (convention === 'shaded-duplicates' && j.shadedDuplicates) out.push('shaded-duplicates');
  return out;
}

const reportedRules = (puzzle: Puzzle, shading: boolean[], convention: Convention): RuleName[] =>
  [...new Set(checkShading(puzzle, shading, convention).map((v) => v.rule))].sort();

describe('the brute-force referee itself', () => {
  it('finds no solution for a 2x2 grid of 1s (both diagonals cut the unshaded cells apart)', () => {
    expect(bruteForceSolutions({ rows: 2, cols: 2, values: [1, 1, 1, 1] })).toEqual([]);
  });

  it('finds exactly "shade both ends" for the row 1 1 1', () => {
    expect(bruteForceSolutions({ rows: 1, cols: 3, values: [1, 1, 1] })).toEqual([0b101]);
  });

  it('its shortcuts for rules 1 and 2 drop no shading that the cell-by-cell judgement accepts', () => {
    const rng = mulberry32(5);
    for (const [rows, cols] of [
      [1, 7],
      [7, 1],
      [2, 4],
      [3, 3],
      [4, 3],
      [3, 4],
    ] as const) {
      const grid = randomGrid(rng, rows, cols, 3);
      for (const convention of conventions) {
        const rules = allRules(convention);
        const slow: number[] = [];
        for (let mask = 0; mask < 2 ** (rows * cols); mask++) if (obeysMask(grid, mask, rules)) slow.push(mask);
        expect(bruteForceMasks(grid, rules)).toEqual(slow);
      }
    }
  });
});

describe('checkShading agrees with the brute-force judgement', () => {
  const rng = mulberry32(1234);
  const sizes = [
    [1, 1],
    [1, 3],
    [3, 1],
    [1, 5],
    [2, 2],
    [2, 3],
    [3, 2],
    [3, 3],
    [2, 4],
    [3, 4],
    [4, 3],
    [4, 4],
  ] as const;

  for (const convention of conventions) {
    it(`on every or many shadings of random grids up to 4x4, rule by rule (${convention})`, () => {
      let solutionsSeen = 0;
      for (const [rows, cols] of sizes) {
        for (let k = 0; k < 8; k++) {
          const grid = randomGrid(rng, rows, cols, randomInt(rng, 1, Math.max(2, Math.max(rows, cols))));
          const puzzle = grid as Puzzle;
          const n = rows * cols;
          // All shadings of grids up to 9 cells; for larger ones the solutions, their one-cell
          // changes (near misses of each rule) and random shadings.
          const masks = new Set<number>();
          if (n <= 9) for (let m = 0; m < 2 ** n; m++) masks.add(m);
          else {
            for (const s of bruteForceSolutions(grid, convention)) {
              masks.add(s);
              for (let i = 0; i < n; i++) masks.add(s ^ (1 << i));
            }
            for (let t = 0; t < 300; t++) masks.add(Math.floor(rng() * 2 ** n));
          }
          for (const mask of masks) {
            const shading = fromMask(mask, n);
            const expected = expectedRules(grid, mask, convention).sort();
            const where = () => `${rows}x${cols} [${grid.values.join(' ')}] mask ${mask.toString(2)}`;
            expectSame(reportedRules(puzzle, shading, convention), expected, where);
            expectSame(checkShading(puzzle, shading, convention).length === 0, expected.length === 0, where);
            if (expected.length === 0) solutionsSeen++;
          }
        }
      }
      expect(solutionsSeen).toBeGreaterThan(30);
    });
  }
});

describe('hand-made violations', () => {
  // 1 2 1
  // 2 3 4
  // 1 4 3
  const puzzle = puzzleFromGrid([
    [1, 2, 1],
    [2, 3, 4],
    [1, 4, 3],
  ]);

  it('accepts valid shadings with no violation', () => {
    // Shading (1,1) removes the repeated 1 from row 1 and column 1 at once.
    for (const rows of [
      [
        [1, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      [
        [0, 0, 1],
        [0, 0, 0],
        [1, 0, 0],
      ],
    ]) {
      const shading = shadingFromGrid(rows);
      expect(checkShading(puzzle, shading)).toEqual([]);
      expect(checkShading(puzzle, shading)).toEqual([]);
    }
  });

  it('reports a number repeated among unshaded cells as "repeat", naming both cells', () => {
    const violations = checkShading(puzzle, new Array<boolean>(9).fill(false));
    expect(violations.every((v) => v.rule === 'repeat')).toBe(true);
    // Row 1 (cells 0 and 2) and column 1 (cells 0 and 6) repeat 1; nothing else repeats.
    expect(violations.map((v) => [...v.cells].sort((a, b) => a - b))).toEqual(
      expect.arrayContaining([
        [0, 2],
        [0, 6],
      ]),
    );
    expect(violations).toHaveLength(2);
    expect(violations.map((v) => v.message).join('\n')).toMatch(/row 1, column 1/);
  });

  it('finds the same repeats whatever the numbers are: large, negative or fractional numbers as small ones', () => {
    // The checker indexes small non-negative integers directly and renames others; both must agree.
    const small = puzzleFromGrid([
      [1, 2, 1],
      [3, 1, 2],
      [1, 2, 3],
    ]);
    const shading = new Array<boolean>(9).fill(false);
    const cellsOf = (p: Puzzle) => checkShading(p, shading).map((v) => v.cells);
    for (const rename of [(x: number) => x + 1_000_000, (x: number) => -x, (x: number) => x / 4, (x: number) => 2 ** 40 * x])
      expect(cellsOf({ ...small, values: small.values.map(rename) })).toEqual(cellsOf(small));
  });

  it('reports two shaded cells sharing an edge as "adjacent-shaded", naming both cells', () => {
    const shading = shadingFromGrid([
      [0, 0, 1],
      [0, 0, 1],
      [1, 0, 0],
    ]);
    const violations = checkShading(puzzle, shading);
    expect(violations.map((v) => v.rule)).toEqual(['adjacent-shaded']);
    expect([...violations[0]!.cells].sort()).toEqual([2, 5]);
  });

  it('does not count shaded cells touching only at a corner as adjacent', () => {
    const shading = shadingFromGrid([
      [0, 1, 0],
      [1, 0, 0],
      [0, 0, 0],
    ]);
    expect(checkShading(puzzle, shading).map((v) => v.rule)).not.toContain('adjacent-shaded');
  });

  it('reports unshaded cells cut off by a diagonal of shaded cells as "disconnected", naming them', () => {
    // 1 2 3
    // 4 5 6
    // 7 8 9    shading the anti-diagonal's neighbours (0,1),(1,0) cuts off (0,0).
    const distinct = puzzleFromGrid([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ]);
    const shading = shadingFromGrid([
      [0, 1, 0],
      [1, 0, 0],
      [0, 0, 0],
    ]);
    const violations = checkShading(distinct, shading);
    expect(violations.map((v) => v.rule)).toEqual(['disconnected']);
    // Either side may be called the cut-off part; the two parts are {0} and the other six.
    const cut = [...violations[0]!.cells].sort((a, b) => a - b);
    expect([[0], [2, 4, 5, 6, 7, 8]]).toContainEqual(cut);
  });

  it('reports the all-shaded 1x1 grid as "disconnected": there is no unshaded region', () => {
    const one = puzzleFromGrid([[1]]);
    expect(checkShading(one, [true]).map((v) => v.rule)).toEqual(['disconnected']);
    expect(checkShading(one, [false])).toEqual([]);
  });

  it('reports a shading of the wrong length as "size"', () => {
    expect(checkShading(puzzle, [false, false]).map((v) => v.rule)).toEqual(['size']);
  });

  it('reports a shaded cell whose value is unique in its lines as "unique-white" only under that convention', () => {
    // Shade the lone 3 at (2,2): fine under literal (all rules hold), not under unique-white.
    const distinct = puzzleFromGrid([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ]);
    const shading = shadingFromGrid([
      [0, 0, 0],
      [0, 1, 0],
      [0, 0, 0],
    ]);
    expect(checkShading(distinct, shading, 'literal')).toEqual([]);
    const violations = checkShading(distinct, shading, 'unique-white');
    expect(violations.map((v) => v.rule)).toEqual(['unique-white']);
    expect(violations[0]!.cells).toEqual([4]);
    expect(checkShading(distinct, shading, 'shaded-duplicates').map((v) => v.rule)).toEqual(['shaded-duplicates']);
  });

  it('reports a shaded cell whose twins are all shaded too as "shaded-duplicates", but not as "unique-white"', () => {
    // 1 2 1      shade both 1s of row 1? They are not adjacent: (1,1) and (1,3).
    // 3 4 5      Then neither has an unshaded twin in its lines.
    // 6 7 8
    const p = puzzleFromGrid([
      [1, 2, 1],
      [3, 4, 5],
      [6, 7, 8],
    ]);
    const shading = shadingFromGrid([
      [1, 0, 1],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(checkShading(p, shading, 'literal')).toEqual([]);
    expect(checkShading(p, shading, 'unique-white')).toEqual([]);
    const violations = checkShading(p, shading, 'shaded-duplicates');
    expect(violations.map((v) => v.rule)).toEqual(['shaded-duplicates', 'shaded-duplicates']);
    expect(violations.map((v) => v.cells[0])).toEqual([0, 2]);
  });
});
