/**
 * A `multiple` verdict shows why: the solve keeps the two solutions that prove it and names the
 * cells where they differ (`differ`), on every engine and both in-process backends. Checked
 * against a brute force that shares no code with the solver, and against the independent checker.
 */
import { describe, expect, it } from 'vitest';
import { solve } from '../../src/index.js';
import { checkShading } from '../../src/puzzle/check.js';
import type { Puzzle, Shading } from '../../src/puzzle/puzzle.js';
import { bruteForceSolutions, gridOf, mulberry32, randomGrid, randomInt, toMask } from '../support/brute-force.js';
import { inProcessBackends } from '../support/models.js';

const latin4 = gridOf([
  [1, 2, 3, 4],
  [2, 3, 4, 1],
  [3, 4, 1, 2],
  [4, 1, 2, 3],
]) as Puzzle;

/** Random grids up to 4x4 with small values: many have several solutions. */
function randomGrids(seed: number, count: number): Puzzle[] {
  const rng = mulberry32(seed);
  return Array.from({ length: count }, () => randomGrid(rng, randomInt(rng, 2, 4), randomInt(rng, 2, 4), randomInt(rng, 1, 3)) as Puzzle);
}

/** The cells where two shadings differ, computed here from the shadings themselves. */
function cellsWhereDiffer(a: Shading, b: Shading): number[] {
  return a.flatMap((s, i) => (s === b[i] ? [] : [i]));
}

/** What must hold of any result for a puzzle with several solutions: two true, distinct solutions and where they differ. */
function expectShowsWhy(puzzle: Puzzle, result: Awaited<ReturnType<typeof solve>>, truth: readonly number[], label: string): void {
  expect(result.status, label).toBe('multiple');
  expect(result.solutions.length, label).toBeGreaterThanOrEqual(2);
  const [first, second] = result.solutions as [Shading, Shading];
  for (const s of [first, second]) {
    expect(truth, label).toContain(toMask(s));
    expect(checkShading(puzzle, s, 'literal'), label).toEqual([]);
  }
  expect(toMask(first), label).not.toBe(toMask(second));
  expect(result.differ, label).toEqual(cellsWhereDiffer(first, second));
  expect(result.differ!.length, label).toBeGreaterThan(0);
}

describe('a multiple verdict keeps both solutions and where they differ', () => {
  for (const engine of ['hybrid', 'sat'] as const) {
    for (const backend of inProcessBackends) {
      it(`engine ${engine}, backend ${backend}: the 4x4 Latin square gives two solutions and differ`, async () => {
        const result = await solve(latin4, { engine, backend });
        expectShowsWhy(latin4, result, bruteForceSolutions(latin4), `${engine}/${backend}`);
        expect(result.solutions).toHaveLength(2);
      });

      it(`engine ${engine}, backend ${backend}: on random grids, differ whenever the brute force finds two or more solutions, never otherwise`, async () => {
        for (const puzzle of randomGrids(19 + backend.length, 60)) {
          const truth = bruteForceSolutions(puzzle);
          const result = await solve(puzzle, { engine, backend, maxSolutions: 1 });
          const label = `${engine}/${backend} ${JSON.stringify(puzzle)}`;
          if (truth.length >= 2) expectShowsWhy(puzzle, result, truth, label);
          else {
            expect(result.solutions.map(toMask), label).toEqual(truth);
            expect(result.differ, label).toBeUndefined();
          }
        }
      });
    }
  }

  it('engine rules: when it says multiple, its two solutions are true and differ where it says; the other verdicts have no differ', async () => {
    let multiples = 0;
    for (const puzzle of [latin4, ...randomGrids(5, 80)]) {
      const truth = bruteForceSolutions(puzzle);
      const result = await solve(puzzle, { engine: 'rules' });
      const label = JSON.stringify(puzzle);
      if (result.status === 'multiple') {
        multiples++;
        expectShowsWhy(puzzle, result, truth, label);
      } else expect(result.differ, label).toBeUndefined();
    }
    expect(multiples).toBeGreaterThan(0);
  });

  it('with maxSolutions N above 2 lists N solutions, and differ names where the first two differ', async () => {
    const truth = bruteForceSolutions(latin4);
    expect(truth.length).toBeGreaterThan(5);
    const result = await solve(latin4, { engine: 'sat', maxSolutions: 5 });
    expectShowsWhy(latin4, result, truth, 'maxSolutions 5');
    expect(result.solutions).toHaveLength(5);
    expect(new Set(result.solutions.map(toMask)).size).toBe(5);
  });
});
