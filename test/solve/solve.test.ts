/**
 * The whole engine (encode, solve, decode, check, block) against published solutions and brute
 * force.
 */
import { Limit } from '../../src/control/limit.js';
import { describe, expect, it } from 'vitest';
import { conventions } from '../../src/puzzle/convention.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import type { Backend, SolveCall } from '../../src/sat/backend.js';
import { type BackendFactory, createBackend } from '../../src/sat/backends/index.js';
import { solveHitori } from '../../src/solve/solve.js';
import {
  bruteForceByConvention,
  bruteForceSolutions,
  isValid,
  mulberry32,
  randomGrid,
  randomInt,
  shadingKey,
  toMask,
} from '../support/brute-force.js';
import { readFixtures } from '../support/fixtures.js';
import { gridsFor, inProcessBackends } from '../support/models.js';
import { SolverError } from '../../src/control/errors.js';

const janko = readFixtures('janko-sample.jsonl');
const multiple = readFixtures('multiple-solutions.jsonl');
const none = readFixtures('no-solution.jsonl');

describe('the janko fixtures', () => {
  it('cover every size of the janko set, each with a published solution that obeys the rules', () => {
    const sizes = new Set(janko.map((f) => `${f.puzzle.rows}x${f.puzzle.cols}`));
    expect([...sizes].sort()).toEqual(['10x10', '12x12', '15x15', '17x17', '4x4', '4x6', '5x5', '6x6', '7x7', '8x8', '9x9'].sort());
    for (const f of janko) {
      expect(f.solutions, f.id).toBe(1);
      expect(f.solution, f.id).not.toBeNull();
      // Judged by the brute-force module's own rule code, which judges one shading of any size.
      expect(isValid(f.puzzle, f.solution!), f.id).toBe(true);
    }
  });

  it('the 4x4 janko puzzle has exactly its published solution, by brute force', () => {
    const f = janko.find((x) => x.puzzle.rows * x.puzzle.cols <= 16)!;
    expect(bruteForceSolutions(f.puzzle)).toEqual([toMask(f.solution!)]);
  });

  for (const backend of inProcessBackends) {
    it.each(janko.map((f) => [f.id, `${f.puzzle.rows}x${f.puzzle.cols}`, f] as const))(
      `%s (%s) is 'unique' with the published solution on ${backend}`,
      async (_id, _size, f) => {
        const result = await solveHitori(f.puzzle, { backend });
        expect(result.status).toBe('unique');
        expect(result.complete).toBe(true);
        expect(result.solutions).toHaveLength(1);
        expect(shadingKey(f.puzzle, result.solutions[0]!)).toBe(shadingKey(f.puzzle, f.solution!));
      },
    );
  }
});

describe('the janko fixtures with lazy connectivity (seed clauses and cuts)', () => {
  for (const backend of inProcessBackends) {
    it(`every fixture is 'unique' with the published solution on ${backend}`, async () => {
      for (const f of janko) {
        const result = await solveHitori(f.puzzle, { backend, connectivity: 'lazy' });
        expect(result.status, f.id).toBe('unique');
        expect(shadingKey(f.puzzle, result.solutions[0]!), f.id).toBe(shadingKey(f.puzzle, f.solution!));
      }
    });
  }
});

describe('puzzles with several or no solutions', () => {
  it('the multiple-solution fixtures have two or more solutions by brute force, and the no-solution fixture none', () => {
    for (const f of multiple) expect(bruteForceSolutions(f.puzzle).length, f.id).toBeGreaterThanOrEqual(2);
    for (const f of none) for (const c of conventions) expect(bruteForceSolutions(f.puzzle, c), `${f.id} ${c}`).toEqual([]);
  });

  for (const backend of inProcessBackends) {
    it(`a puzzle with two or more solutions is 'multiple', with two distinct valid solutions (${backend})`, async () => {
      for (const f of multiple) {
        const result = await solveHitori(f.puzzle, { backend });
        expect(result.status, f.id).toBe('multiple');
        expect(result.solutions).toHaveLength(2);
        const [a, b] = result.solutions;
        expect(shadingKey(f.puzzle, a!)).not.toBe(shadingKey(f.puzzle, b!));
        expect(isValid(f.puzzle, a!)).toBe(true);
        expect(isValid(f.puzzle, b!)).toBe(true);
      }
    });

    it(`a puzzle without solutions is 'none' (${backend})`, async () => {
      for (const f of none) {
        for (const convention of conventions) {
          const result = await solveHitori(f.puzzle, { backend, convention });
          expect(result.status, `${f.id} ${convention}`).toBe('none');
          expect(result.solutions).toEqual([]);
          expect(result.complete).toBe(true);
        }
      }
    });

    it(`the 2x2 grid of 1s is 'none' and the 1x1 grid is 'unique' with its cell unshaded (${backend})`, async () => {
      expect((await solveHitori({ rows: 2, cols: 2, values: [1, 1, 1, 1] }, { backend })).status).toBe('none');
      const one = await solveHitori({ rows: 1, cols: 1, values: [3] }, { backend });
      expect(one.status).toBe('unique');
      expect(one.solutions).toEqual([[false]]);
    });
  }

  it('a fixture with two solutions under every convention gives exactly those two under each', async () => {
    const f = multiple.find((x) => x.id === 'duydo-mapI-4x4-07')!;
    const truth = bruteForceByConvention(f.puzzle);
    for (const convention of conventions) {
      expect(truth[convention], convention).toHaveLength(2);
      const result = await solveHitori(f.puzzle, { convention, maxSolutions: 10 });
      expect(
        result.solutions.map(toMask).sort((x, y) => x - y),
        convention,
      ).toEqual(truth[convention]);
      expect(result.complete).toBe(true);
    }
  });

  it('the convention changes the count: duydo-mapI-4x4-01 has the brute-force number of solutions under each', async () => {
    const f = multiple.find((x) => x.id === 'duydo-mapI-4x4-01')!;
    const truth = bruteForceByConvention(f.puzzle);
    expect(truth.literal.length).toBeGreaterThan(truth['shaded-duplicates'].length);
    for (const convention of conventions) {
      const result = await solveHitori(f.puzzle, { convention, maxSolutions: 1000 });
      expect(
        result.solutions.map(toMask).sort((x, y) => x - y),
        convention,
      ).toEqual(truth[convention]);
    }
  });
});

describe('maxSolutions', () => {
  const rng = mulberry32(777);
  const grids: Puzzle[] = [];
  for (const [rows, cols] of [
    [1, 4],
    [4, 1],
    [2, 3],
    [3, 3],
    [3, 4],
    [4, 4],
  ] as const) {
    for (let k = 0; k < 5; k++) grids.push(randomGrid(rng, rows, cols, randomInt(rng, 2, Math.max(rows, cols))));
  }

  for (const backend of inProcessBackends) {
    it(`with a large maxSolutions lists exactly the brute-force solutions of small grids, and says the list is complete (${backend})`, async () => {
      for (const convention of conventions) {
        // MiniSat gets the first grid of each size and verdict (gridsFor, support/models.ts).
        for (const puzzle of gridsFor(backend, grids, (g) => bruteForceSolutions(g, convention).length)) {
          const truth = bruteForceSolutions(puzzle, convention);
          const result = await solveHitori(puzzle, { backend, convention, maxSolutions: 1000 });
          const label = `${puzzle.rows}x${puzzle.cols} [${puzzle.values.join(' ')}] ${convention}`;
          expect(
            result.solutions.map(toMask).sort((x, y) => x - y),
            label,
          ).toEqual(truth);
          expect(result.complete, label).toBe(true);
          expect(result.status, label).toBe(truth.length === 0 ? 'none' : truth.length === 1 ? 'unique' : 'multiple');
        }
      }
    });
  }

  it('maxSolutions N returns N distinct valid solutions (at least the two that prove "multiple"), not marked complete, when there are more than N', async () => {
    const f = multiple.find((x) => x.id === 'duydo-mapI-4x4-01')!;
    const all = bruteForceSolutions(f.puzzle);
    expect(all.length).toBeGreaterThan(5);
    for (const n of [1, 2, 3, 5]) {
      const result = await solveHitori(f.puzzle, { maxSolutions: n });
      expect(result.solutions).toHaveLength(Math.max(2, n));
      expect(result.status).toBe('multiple');
      expect(result.complete).toBe(false);
      const masks = result.solutions.map(toMask);
      expect(new Set(masks).size).toBe(Math.max(2, n));
      for (const m of masks) expect(all).toContain(m);
    }
  });
});

describe('a backend that fails while listing', () => {
  /** CaDiCaL, failing as MiniSat does when its heap is full, on solve call number `failAt`. */
  const failingOn =
    (failAt: number): BackendFactory =>
    async (name, options) => {
      const backend = await createBackend(name, options);
      let calls = 0;
      return Object.assign(Object.create(backend) as Backend, {
        solve: (call?: SolveCall) => {
          calls++;
          if (calls >= failAt) throw new SolverError('the heap is full', backend.name);
          return backend.solve(call);
        },
      });
    };
  const f = multiple.find((x) => x.id === 'duydo-mapI-4x4-01')!;

  it('after two solutions keeps them, says multiple (proven) and why the listing stopped', async () => {
    const all = bruteForceSolutions(f.puzzle);
    const result = await solveHitori(f.puzzle, { maxSolutions: 100, openBackend: failingOn(4) });
    expect(result.status).toBe('multiple');
    expect(result.complete).toBe(false);
    expect(result.stopped).toBe('cadical: the heap is full');
    expect(result.solutions.length).toBeGreaterThanOrEqual(2);
    expect(result.solutions.length).toBeLessThan(all.length);
    for (const m of result.solutions.map(toMask)) expect(all).toContain(m);
  });

  it('before two solutions, fails: the verdict is not decided', async () => {
    await expect(solveHitori(f.puzzle, { maxSolutions: 100, openBackend: failingOn(2) })).rejects.toThrow(/heap is full/);
  });
});

describe('timeouts', () => {
  const big = janko.filter((f) => f.puzzle.rows === 17).at(-1)!;

  it("a timeout already in the past gives 'timeout' on CaDiCaL, with no solution claimed", async () => {
    const result = await solveHitori(big.puzzle, { backend: 'cadical', limit: Limit.after(-1000) });
    expect(result.status).toBe('timeout');
    expect(result.complete).toBe(false);
    expect(result.solutions).toEqual([]);
  });

  it("a 1 ms timeout on a 17x17 puzzle with the layered CNF gives 'timeout' on CaDiCaL", async () => {
    // Lazy connectivity solves and proves a 17x17 in well under 1 ms; the layered CNF of ~58,000
    // variables cannot even be built in that time.
    const result = await solveHitori(big.puzzle, { backend: 'cadical', connectivity: 'layers', limit: Limit.after(1) });
    expect(result.status).toBe('timeout');
    expect(result.complete).toBe(false);
  });

  it("a timeout in the past gives 'timeout' on MiniSat too", async () => {
    const result = await solveHitori(big.puzzle, { backend: 'minisat', limit: Limit.after(-1000) });
    expect(result.status).toBe('timeout');
  });
});
