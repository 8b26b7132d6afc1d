import { describe, expect, it } from 'vitest';
import { symbolsProblem } from '../../src/maxblack/fewest-symbols.js';
import { blankBoard } from '../../src/maxblack/maxblack.js';
import { allRules, bruteForceMasks, bruteForceSolutions, mulberry32, randomGrid } from '../support/brute-force.js';

/** The most unshaded cells in one row or column of the shading. */
function mostUnshaded(rows: number, cols: number, shaded: (i: number) => boolean): number {
  let most = 0;
  for (let r = 0; r < rows; r++) {
    let n = 0;
    for (let c = 0; c < cols; c++) if (!shaded(r * cols + c)) n++;
    most = Math.max(most, n);
  }
  for (let c = 0; c < cols; c++) {
    let n = 0;
    for (let r = 0; r < rows; r++) if (!shaded(r * cols + c)) n++;
    most = Math.max(most, n);
  }
  return most;
}

/** By brute force: the least, over every shading obeying rules 2 and 3, of its fullest line. */
function bruteFewest(rows: number, cols: number): number {
  const shadings = bruteForceMasks(blankBoard(rows, cols), { ...allRules(), noRepeat: false });
  return Math.min(...shadings.map((mask) => mostUnshaded(rows, cols, (i) => ((mask >>> i) & 1) === 1)));
}

const boards: [number, number][] = [];
for (let rows = 1; rows <= 4; rows++) for (let cols = rows; rows * cols <= 16; cols++) boards.push([rows, cols]);

/**
 * The fewest symbols as `generate --symbols` finds it (symbolsProblem): refused one below it,
 * naming it, and let through at it.
 */
async function expectFewest(rows: number, cols: number, fewest: number): Promise<void> {
  if (fewest > 1)
    expect(await symbolsProblem(rows, cols, fewest - 1)).toMatch(
      new RegExp(`^no ${rows}x${cols} grid with ${fewest - 1} symbols has a solution: .*the fewest that can is ${fewest}\\)$`),
    );
  expect(await symbolsProblem(rows, cols, fewest)).toBeNull();
}

describe('the fewest symbols a solvable grid needs', () => {
  it.each(boards)('on %ix%i equals the brute-force least fullest line over all valid shadings', async (rows, cols) => {
    const fewest = bruteFewest(rows, cols);
    await expectFewest(rows, cols, fewest);
    // The transposed board needs the same.
    await expectFewest(cols, rows, fewest);
  });

  it('too few: no random 4x4 grid with 2 symbols and no 3x5 grid with 3 symbols has a solution', async () => {
    await expectFewest(4, 4, 3);
    await expectFewest(3, 5, 4);
    const rng = mulberry32(20261125);
    for (let t = 0; t < 100; t++) {
      expect(bruteForceSolutions(randomGrid(rng, 4, 4, 2))).toEqual([]);
      expect(bruteForceSolutions(randomGrid(rng, 3, 5, 3))).toEqual([]);
    }
  });

  it('symbolsProblem refuses 5x5 with 3 symbols, naming the fewest that can (4), and lets 4 through', async () => {
    expect(await symbolsProblem(5, 5, 3)).toMatch(/^no 5x5 grid with 3 symbols has a solution: .*the fewest that can is 4/);
    expect(await symbolsProblem(5, 5, 4)).toBeNull();
    expect(await symbolsProblem(5, 5, 5)).toBeNull();
  });
});
