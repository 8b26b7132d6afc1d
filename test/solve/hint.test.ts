/**
 * Hints on random small grids, judged by brute force: wrong marks are exactly the marks that differ
 * from the only solution; a step's colours are the solution's, it decides an unmarked cell, and
 * every colour it reasons from is on the player's board.
 */
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/formats/detect.js';
import { hint, type Marks } from '../../src/solve/hint.js';
import { bruteForceSolutions, fromMask, gridOf, mulberry32, randomGrid, randomInt } from '../support/brute-force.js';

/** Random grids up to 4x4 with the given number of solutions (by brute force), and those solutions. */
function grids(
  seed: number,
  wanted: (count: number) => boolean,
  n: number,
): { grid: ReturnType<typeof randomGrid>; solutions: boolean[][] }[] {
  const rng = mulberry32(seed);
  const out: { grid: ReturnType<typeof randomGrid>; solutions: boolean[][] }[] = [];
  while (out.length < n) {
    const rows = randomInt(rng, 2, 4);
    const cols = randomInt(rng, 2, 4);
    const grid = randomGrid(rng, rows, cols, Math.max(rows, cols));
    const masks = bruteForceSolutions(grid);
    if (wanted(masks.length)) out.push({ grid, solutions: masks.map((m) => fromMask(m, rows * cols)) });
  }
  return out;
}

/** Each cell of `solution` marked with probability `p`, else null. */
function someOf(rng: () => number, solution: readonly boolean[], p: number): (boolean | null)[] {
  return solution.map((s) => (rng() < p ? s : null));
}

describe('hint', () => {
  const unique = grids(7, (count) => count === 1, 40);

  it('on a puzzle with one solution and right marks: a step that agrees with the solution, decides an unmarked cell and reasons only from marked colours', async () => {
    const rng = mulberry32(11);
    for (const { grid, solutions } of unique) {
      const solution = solutions[0]!;
      for (const p of [0, 0.3, 0.7]) {
        const marks = someOf(rng, solution, p);
        const found = await hint(grid, marks);
        // Solved once the shaded cells are the solution's, whatever is left unmarked.
        if (solution.every((black, i) => black === (marks[i] === true))) {
          expect(found.kind, grid.id).toBe('solved');
          continue;
        }
        if (found.kind === 'solution-cell') {
          expect(marks[found.cell], grid.id).toBeNull();
          expect(found.shaded, grid.id).toBe(solution[found.cell]);
          continue;
        }
        expect(found.kind, grid.id).toBe('step');
        if (found.kind !== 'step') continue;
        for (const { cell, colour } of found.step.cells) expect(colour === 'black', `${grid.id} cell ${cell}`).toBe(solution[cell]);
        expect(
          found.step.cells.some(({ cell }) => marks[cell] === null),
          grid.id,
        ).toBe(true);
        for (const { cell, colour } of found.step.given ?? []) expect(marks[cell], `${grid.id}: premise ${cell}`).toBe(colour === 'black');
      }
    }
  });

  it('names exactly the marks that differ from the only solution', async () => {
    const rng = mulberry32(13);
    for (const { grid, solutions } of unique) {
      const solution = solutions[0]!;
      const marks: (boolean | null)[] = someOf(rng, solution, 0.5);
      const flipped = [randomInt(rng, 0, marks.length - 1), randomInt(rng, 0, marks.length - 1)];
      for (const i of flipped) marks[i] = !solution[i];
      const found = await hint(grid, marks);
      expect(found, grid.id).toEqual({ kind: 'mistakes', cells: [...new Set(flipped)].sort((a, b) => a - b), unique: true });
    }
  });

  it('says when the puzzle has no solution', async () => {
    for (const { grid } of grids(17, (count) => count === 0, 10))
      expect(await hint(grid, undefined), grid.id).toEqual({ kind: 'no-solution' });
  });

  it('with several solutions: marks from one of them are no mistake; marks that no solution has are', async () => {
    const rng = mulberry32(19);
    for (const { grid, solutions } of grids(23, (count) => count >= 2, 20)) {
      const one = solutions[randomInt(rng, 0, solutions.length - 1)]!;
      const found = await hint(grid, someOf(rng, one, 0.5));
      expect(found.kind, grid.id).not.toBe('mistakes');
      // All cells unshaded except the one shaded in no solution: no solution agrees.
      const never = one.findIndex((_, i) => solutions.every((s) => !s[i]));
      if (never < 0) continue;
      const marks: Marks = one.map((_, i) => i === never);
      expect(await hint(grid, marks), grid.id).toEqual({ kind: 'mistakes', cells: [], unique: false });
    }
  });

  it("says solved for the answer pzprjs's own test script accepts: shaded cells placed, some white cells left unmarked", async () => {
    // robx/pzprjs, test/script/hitori.js: the answer its check accepts (failcheck null).
    const doc = parseDocument('pzprv3/hitori/4/4/1 1 1 4 /1 4 2 3 /3 3 2 1 /4 2 1 3 /# + # . /+ + + . /# + # . /+ + + # /');
    expect(await hint(doc.puzzle, doc.marks)).toEqual({ kind: 'solved', unique: true, unmarked: 3 });
  });

  it('refuses marks of the wrong length', async () => {
    await expect(hint(gridOf([[1, 2]]), [null])).rejects.toThrow(/1 marks for 2 cells/);
  });
});
