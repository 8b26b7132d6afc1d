/**
 * The quick differential fuzz run (bench/fuzz-lib.ts): seeded random grids up to 5x5 and single
 * rows and columns up to 8, under all three conventions, solved by an independent brute force
 * and by every engine, backend and connectivity mode, and by the exported CNF on Debian's
 * `cadical` binary when it is installed; the enumerator's verdict on each grid, and a puzzle
 * generated at the size of every fourth, which the brute force must find unique with the
 * generator's solution. Every difference fails the test with the grid named.
 * `npm run fuzz` runs the same comparisons on 200,000 grids and records them in BENCH.md.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bruteForce, type Disagreement, enumeratorCheck, fuzzOne, generatorCheck, gridAt } from '../../bench/fuzz-lib.js';

const seed = Number(process.env['FUZZ_SEED'] ?? 20261123);
// 120 grids hold every size, convention and verdict the assertions below ask for (240 took
// 115 s of the suite at load 17, twice the per-test limit there); FUZZ_GRIDS runs more.
const grids = Number(process.env['FUZZ_GRIDS'] ?? 120);
const hasCadical = spawnSync('cadical', ['--version'], { stdio: 'ignore' }).error === undefined;
// The enumerator's tables are built per size and count of numbers; those of 5x5 over 5 (20
// million words) took 6 s here, more than all the other grids' checks together, and of the 120
// grids only one needed them. Up to 2 million words (5x5 over 3, 4x5 over 5, 1x8 over 6: under a
// second each) the enumerator is checked; `npm run fuzz` checks every size.
const maxTableWords = 2_000_000;

describe('differential fuzzing', () => {
  it('the brute force agrees with hand-checked grids', () => {
    // 1 1 / 2 1: only row 1, column 2 shaded. 1 1 1: both ends shaded. 1 1 / 1 1: none.
    expect(bruteForce({ rows: 2, cols: 2, values: [1, 1, 2, 1] }, 'literal', 10).solutions).toEqual([[false, true, false, false]]);
    expect(bruteForce({ rows: 1, cols: 3, values: [1, 1, 1] }, 'literal', 10).solutions).toEqual([[true, false, true]]);
    expect(bruteForce({ rows: 2, cols: 2, values: [1, 1, 1, 1] }, 'literal', 10).solutions).toEqual([]);
    // 1 2 / 2 1 under literal: nothing shaded, or any one cell; unique-white allows only nothing shaded.
    expect(bruteForce({ rows: 2, cols: 2, values: [1, 2, 2, 1] }, 'literal', 10).solutions).toHaveLength(5);
    expect(bruteForce({ rows: 2, cols: 2, values: [1, 2, 2, 1] }, 'unique-white', 10).solutions).toEqual([[false, false, false, false]]);
    expect(bruteForce({ rows: 1, cols: 1, values: [4] }, 'shaded-duplicates', 10).solutions).toEqual([[false]]);
  });

  it(`${grids} seeded random grids (seed ${seed}): every engine, backend and connectivity agrees with the brute force${hasCadical ? ', and so does the exported CNF on cadical' : ' (no cadical binary: the exported CNF is not cross-checked)'}`, async () => {
    const disagreements: Disagreement[] = [];
    let none = 0;
    let several = 0;
    for (let k = 0; k < grids; k++) {
      const grid = gridAt(seed, k);
      const found = await fuzzOne(grid, k, {
        cap: 8,
        minisatEvery: 4,
        ...(hasCadical ? { native: { program: 'cadical', every: 8 } } : {}),
      });
      disagreements.push(...found);
      const count = bruteForce(grid.puzzle, grid.convention, 2).solutions.length;
      if (count === 0) none++;
      if (count >= 2) several++;
    }
    expect(disagreements).toEqual([]);
    // The run must exercise every verdict, not only easy unique grids.
    expect(none).toBeGreaterThan(grids / 10);
    expect(several).toBeGreaterThan(grids / 10);
  });

  it(`the enumerator's verdicts on the same ${grids} grids (tables up to 2 million words), and a puzzle generated at the size of every fourth, agree with the brute force`, async () => {
    const disagreements: Disagreement[] = [];
    let enumerated = 0;
    let generated = 0;
    for (let k = 0; k < grids; k++) {
      const grid = gridAt(seed, k);
      const name = `${grid.puzzle.rows}x${grid.puzzle.cols} [${grid.puzzle.values.join(' ')}]`;
      const fail = (who: string, problem: string) => disagreements.push({ grid: name, who, problem });
      if (enumeratorCheck(grid.puzzle, fail, maxTableWords)) enumerated++;
      if (k % 4 === 0 && (await generatorCheck(grid, String(seed), k, fail, 2000)) !== 'skipped') generated++;
    }
    expect(disagreements).toEqual([]);
    expect(enumerated).toBeGreaterThan(grids / 3);
    expect(generated).toBeGreaterThan(grids / 8);
  });
});
