/**
 * Every technique on random positions of small random grids, against brute force: a position
 * is a solution with some cells revealed (so it has a solution); each deduction must hold in
 * every solution that agrees with the position. UC, which assumes uniqueness, must hold up to
 * unshading: wherever such a solution shades a cell UC whitens, unshading it gives a solution.
 */
import { describe, expect, it } from 'vitest';
import { Board, BLACK, WHITE } from '../../src/rules/board.js';
import { techniques, type Context } from '../../src/rules/catalogue.js';
import { probeRunner, selectTechniques } from '../../src/rules/strategy.js';
import { bruteForceSolutions, fromMask, isValid, mulberry32, randomInt } from '../support/brute-force.js';
import { madePuzzle, solutionsOf } from './support.js';
import { expectSame } from '../support/expect-same.js';

const strict = selectTechniques({ assumeUnique: false });
const ctx: Context = { scope: {}, cursor: { next: 0 }, prober: probeRunner(strict), prober2: probeRunner(strict, true) };

/** Runs every technique on the position and checks each deduction against the solutions that agree with it. */
function checkPosition(
  puzzle: { rows: number; cols: number; values: number[] },
  state: Uint8Array,
  solutions: readonly boolean[][],
  fired: Map<string, number>,
): void {
  const board = new Board(puzzle, undefined, state);
  const agree = solutions.filter((s) => s.every((b, i) => state[i] === 0 || (state[i] === BLACK) === b));
  for (const t of techniques) {
    const found = t.find(board, ctx);
    expectSame(board.state, state, t.code);
    for (const d of found) {
      fired.set(t.code, (fired.get(t.code) ?? 0) + 1);
      for (const { cell, colour } of d.cells) {
        for (const s of agree) {
          if ((s[cell] ? 'black' : 'white') === colour) continue;
          // Only a uniqueness-assuming deduction may differ, and only up to unshading.
          const why = `${t.code} on ${puzzle.rows}x${puzzle.cols} ${puzzle.values.join(',')} state ${[...state].join('')}: ${d.reason}`;
          expect(d.usedUniqueness === true && colour === 'white', why).toBe(true);
          expect(
            isValid(
              puzzle,
              s.map((b, i) => (i === cell ? false : b)),
            ),
            why,
          ).toBe(true);
        }
      }
    }
  }
}

describe('no technique deduces anything false on random positions', () => {
  it('across 1x3 .. 4x4 grids, every technique, positions from empty to mostly revealed', () => {
    const rng = mulberry32(7);
    const fired = new Map<string, number>();
    const shapes = [
      [1, 3],
      [1, 4],
      [2, 2],
      [2, 3],
      [3, 3],
      [2, 6],
      [3, 4],
      [4, 3],
      [3, 5],
      [4, 4],
    ] as const;
    for (let round = 0; round < 50; round++) {
      for (const [rows, cols] of shapes) {
        const n = rows * cols;
        const maxValue = randomInt(rng, 2, Math.max(2, Math.min(rows, cols) + 1));
        const puzzle = { rows, cols, values: Array.from({ length: n }, () => randomInt(rng, 1, maxValue)) };
        const solutions = bruteForceSolutions(puzzle).map((m) => fromMask(m, n));
        if (solutions.length === 0) continue;
        const chosen = solutions[randomInt(rng, 0, solutions.length - 1)]!;
        for (const density of [0, 0.25, 0.5, 0.75]) {
          checkPosition(
            puzzle,
            Uint8Array.from(chosen, (b) => (rng() < density ? (b ? BLACK : WHITE) : 0)),
            solutions,
            fired,
          );
        }
      }
    }
    // The sample is rich enough to make most techniques fire.
    for (const code of [
      'UC',
      'NoB',
      'DoW',
      'Sim-M3',
      'Sim-U3',
      'Sim-U*',
      '2-SAT',
      'DP',
      'CP',
      'DoT',
      'BoP-D',
      'NCO-C',
      'NCO-B',
      'EP',
      'EP-B',
      'NCO',
      'Prob',
      'Prob-C',
    ]) {
      expect(fired.get(code) ?? 0, code).toBeGreaterThan(0);
    }
  });

  it('on 5x5 and 4x6 grids made the way Tatham makes puzzles (a shading, a Latin fill, copies under black)', () => {
    const rng = mulberry32(11);
    const fired = new Map<string, number>();
    let tried = 0;
    for (let round = 0; round < 300 && tried < 120; round++) {
      const [rows, cols] = round % 2 === 0 ? [5, 5] : [4, 6];
      const puzzle = madePuzzle(rng, rows, cols);
      const solutions = solutionsOf(puzzle, undefined, 5000);
      if (solutions.length === 0 || solutions.length >= 5000) continue;
      tried++;
      const chosen = solutions[randomInt(rng, 0, solutions.length - 1)]!;
      for (const density of [0, 0.3, 0.6]) {
        checkPosition(
          puzzle,
          Uint8Array.from(chosen, (b) => (rng() < density ? (b ? BLACK : WHITE) : 0)),
          solutions,
          fired,
        );
      }
    }
    expect(tried).toBeGreaterThan(50);
    for (const code of ['Sim-U*', 'Sim-M*', 'DP', 'SbP', 'CP', 'BoP-D', 'BoP-T', 'EP-B', 'EP-M', 'NCO', 'Prob', 'Prob-C', 'Prob-2'])
      expect(fired.get(code) ?? 0, code).toBeGreaterThan(0);
    if (process.env['SHOW_FIRED']) console.log([...fired]);
  });
});
