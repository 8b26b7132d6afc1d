/**
 * The rules and hybrid engines against published solutions and brute force: every verdict they
 * give must be true, and `hybrid` must always reach one.
 */
import { describe, expect, it } from 'vitest';
import { checkShading } from '../../src/puzzle/check.js';
import { conventions } from '../../src/puzzle/convention.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { solveWithEngine } from '../../src/solve/engines.js';
import { bruteForceSolutions, mulberry32, randomGrid, randomInt, toMask } from '../support/brute-force.js';
import { readFixtures } from '../support/fixtures.js';

const janko = readFixtures('janko-sample.jsonl');
const none = readFixtures('no-solution.jsonl');

/** Random grids up to 4x4 with small values, so that 0, 1 and many solutions all occur. */
function randomGrids(seed: number, count: number): Puzzle[] {
  const rng = mulberry32(seed);
  return Array.from({ length: count }, () => randomGrid(rng, randomInt(rng, 1, 4), randomInt(rng, 1, 4), randomInt(rng, 1, 4)) as Puzzle);
}

describe('engine hybrid', () => {
  it.each(janko.map((f) => [f.id, f] as const))('%s is unique with the published solution', async (_id, f) => {
    const result = await solveWithEngine(f.puzzle, { engine: 'hybrid' });
    expect(result.status).toBe('unique');
    expect(result.solutions[0]).toEqual(f.solution);
  });

  it('gives the brute-force verdict and solutions on random grids, under every convention', async () => {
    for (const convention of conventions) {
      for (const puzzle of randomGrids(7 + convention.length, 120)) {
        const truth = bruteForceSolutions(puzzle, convention);
        const result = await solveWithEngine(puzzle, { engine: 'hybrid', convention, maxSolutions: 100 });
        const expected = truth.length === 0 ? 'none' : truth.length === 1 ? 'unique' : 'multiple';
        expect(result.status, `${convention} ${JSON.stringify(puzzle)}`).toBe(expected);
        expect(result.solutions.map(toMask).sort((a, b) => a - b)).toEqual(truth.length > 1 ? truth.slice(0, 100) : truth);
      }
    }
  });

  it('gives the brute-force verdict and two true solutions when only the verdict is asked (cells UC whitens left out of the search)', async () => {
    let whitened = 0;
    for (const puzzle of randomGrids(31, 300)) {
      const truth = bruteForceSolutions(puzzle, 'literal');
      const result = await solveWithEngine(puzzle, { engine: 'hybrid' });
      const where = JSON.stringify(puzzle);
      expect(result.status, where).toBe(truth.length === 0 ? 'none' : truth.length === 1 ? 'unique' : 'multiple');
      expect(result.solutions.length, where).toBe(Math.min(truth.length, 2));
      for (const s of result.solutions) expect(truth, where).toContain(toMask(s));
      if (result.solutions.length === 2) expect(toMask(result.solutions[0]!)).not.toBe(toMask(result.solutions[1]!));
      if (result.backend === null && result.rules!.status === 'stuck') whitened++;
    }
    // The path without a solver (every open cell whitened) was taken, not only the SAT one.
    expect(whitened).toBeGreaterThan(10);
  });

  it('proves a latin square of 40x40 has several solutions without a SAT solver, both checked', async () => {
    const n = 40;
    const values = Array.from({ length: n * n }, (_, i) => ((Math.floor(i / n) + (i % n)) % n) + 1);
    const result = await solveWithEngine({ rows: n, cols: n, values }, { engine: 'hybrid' });
    expect(result.status).toBe('multiple');
    expect(result.backend).toBeNull();
    for (const s of result.solutions) expect(checkShading({ rows: n, cols: n, values }, s)).toEqual([]);
  });

  it('finds no solution for the unsolvable fixture', async () => {
    for (const f of none) expect((await solveWithEngine(f.puzzle, { engine: 'hybrid' })).status).toBe('none');
  });
});

describe('every engine', () => {
  it('finds no solution in a line of 100,000 cells of the numbers 1..10, from its counts (no line can shade 99,990 cells)', async () => {
    const values = Array.from({ length: 100_000 }, (_, i) => (i % 10) + 1);
    for (const engine of ['hybrid', 'sat', 'rules'] as const) {
      const result = await solveWithEngine({ rows: 1, cols: 100_000, values }, { engine });
      expect(result.status, engine).toBe('none');
      expect(result.proof, engine).toBe('deduction');
    }
  });
});

describe('engine rules', () => {
  it.each(janko.map((f) => [f.id, f] as const))('%s is unique with the published solution, or stuck', async (_id, f) => {
    const result = await solveWithEngine(f.puzzle, { engine: 'rules' });
    expect(['unique', 'stuck']).toContain(result.status);
    if (result.status === 'unique') expect(result.solutions[0]).toEqual(f.solution);
    else expect(result.partial!.every((s, i) => s === null || s === f.solution![i])).toBe(true);
  });

  it('never gives a verdict that brute force contradicts, under every convention', async () => {
    for (const convention of conventions) {
      for (const puzzle of randomGrids(99 + convention.length, 150)) {
        const truth = bruteForceSolutions(puzzle, convention);
        const result = await solveWithEngine(puzzle, { engine: 'rules', convention });
        const where = `${convention} ${JSON.stringify(puzzle)}`;
        if (result.status === 'none') expect(truth, where).toEqual([]);
        if (result.status === 'unique') expect(truth, where).toEqual([toMask(result.solutions[0]!)]);
        if (result.status === 'multiple') {
          expect(truth.length, where).toBeGreaterThan(1);
          for (const s of result.solutions) expect(truth, where).toContain(toMask(s));
        }
        if (result.status === 'stuck') {
          const agrees = (mask: number) => result.partial!.every((s, i) => s === null || Boolean(mask & (1 << i)) === s);
          // Sound deductions hold in every solution. A deduction that assumed uniqueness (UC) holds
          // in some solution: any solution, with such cells unshaded, is still one (uniqueness.ts).
          if (result.rules!.usedUniqueness) expect(truth.length === 0 || truth.some(agrees), where).toBe(true);
          else expect(truth.every(agrees), where).toBe(true);
        }
      }
    }
  });

  it('finds no solution for the unsolvable fixture', async () => {
    for (const f of none) expect((await solveWithEngine(f.puzzle, { engine: 'rules' })).status).toBe('none');
  });
});
