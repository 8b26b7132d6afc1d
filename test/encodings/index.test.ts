/**
 * THE KEY TEST of the encodings: the complete CNF of encodeHitori, projected onto the shading
 * variables 1..R·C, has exactly the valid shadings as its models — the same set as an
 * independent brute-force enumeration — for every convention, on both in-process backends.
 * A missing clause shows up as an extra model, an over-strong one (e.g. a too-tight layer bound)
 * as a missing model.
 */
import { describe, expect, it } from 'vitest';
import { blockingClause, encodeHitori } from '../../encodings/index.js';
import { conventions, type Convention } from '../../src/puzzle/convention.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { bruteForceByConvention, mulberry32, randomGrid, randomInt, type Grid } from '../support/brute-force.js';
import { gridsFor, type InProcessName, inProcessBackends, projectedModels, sizeAndVerdict } from '../support/models.js';

/** Sizes from 1x1 to 4x4, lines of both orientations included, and how many random grids each. */
const sizes: readonly [rows: number, cols: number, grids: number][] = [
  [1, 1, 3],
  [1, 2, 6],
  [2, 1, 6],
  [1, 3, 10],
  [3, 1, 10],
  [1, 4, 12],
  [4, 1, 12],
  [1, 5, 8],
  [5, 1, 8],
  [2, 2, 14],
  [2, 3, 20],
  [3, 2, 20],
  [2, 4, 16],
  [4, 2, 16],
  [3, 3, 30],
  [3, 4, 24],
  [4, 3, 24],
  [4, 4, 30],
];

function randomGrids(seed: number): Grid[] {
  const rng = mulberry32(seed);
  const out: Grid[] = [];
  for (const [rows, cols, count] of sizes) {
    // Values from a range no wider than the longer side, so repeats are common.
    for (let k = 0; k < count; k++) out.push(randomGrid(rng, rows, cols, randomInt(rng, 1, Math.max(2, Math.max(rows, cols)))));
  }
  return out;
}

const grids = randomGrids(20240611);
const truth = new Map(grids.map((g) => [g, bruteForceByConvention(g)] as const));
const label = (g: Grid) => `${g.rows}x${g.cols} [${g.values.join(' ')}]`;

/** The grids a backend enumerates under a convention (gridsFor: all for CaDiCaL, every size and verdict for MiniSat). */
const sampleFor = (backend: InProcessName, convention: Convention) => gridsFor(backend, grids, (g) => truth.get(g)![convention].length);
const kinds = (sample: readonly Grid[], convention: Convention) =>
  new Set(sample.map((g) => sizeAndVerdict(g, truth.get(g)![convention].length)));

describe('the complete CNF (encodeHitori, distance-layer connectivity)', () => {
  it('is tried on a sample with no, one and several solutions under every convention', () => {
    expect(grids.length).toBeGreaterThanOrEqual(250);
    for (const convention of conventions) {
      const counts = grids.map((g) => truth.get(g)![convention].length);
      expect(counts.filter((c) => c === 0).length, convention).toBeGreaterThan(10);
      expect(counts.filter((c) => c === 1).length, convention).toBeGreaterThan(10);
      expect(counts.filter((c) => c >= 2).length, convention).toBeGreaterThan(10);
    }
  });

  it('gives MiniSat every size (18) and every size and verdict of the whole sample', () => {
    for (const convention of conventions) {
      const sample = sampleFor('minisat', convention);
      expect(kinds(sample, convention), convention).toEqual(kinds(grids, convention));
      expect(new Set(sample.map((g) => `${g.rows}x${g.cols}`)).size, convention).toBe(sizes.length);
    }
  });

  for (const backend of inProcessBackends) {
    for (const convention of conventions) {
      const sample = sampleFor(backend, convention);
      const which = backend === 'minisat' ? 'every size and verdict of' : 'all';
      it(`has exactly the brute-force solutions as models on ${which} ${grids.length} random grids up to 4x4 (${convention}, ${backend}: ${sample.length})`, async () => {
        for (const grid of sample) {
          const { cnf, vars } = encodeHitori(grid as Puzzle, { convention });
          const models = await projectedModels(cnf, vars.cells, backend);
          expect(models, `${label(grid)} under ${convention}`).toEqual(truth.get(grid)![convention]);
        }
      });
    }
  }
});

describe('the variables and comments of the complete CNF', () => {
  const puzzle: Puzzle = { rows: 2, cols: 3, values: [1, 1, 2, 2, 3, 3], id: 'tiny' };

  it('numbers the shading variable of cell (r,c) as r*cols + c + 1, before any auxiliary variable', () => {
    const { vars, cnf } = encodeHitori(puzzle);
    for (let i = 0; i < 6; i++) expect(vars.shaded(i)).toBe(i + 1);
    expect(vars.pool.obj(1)).toEqual(['shaded', 0]);
    expect(vars.pool.obj(6)).toEqual(['shaded', 5]);
    // Layer variables come after the shading variables.
    for (let v = 7; v <= cnf.numVars; v++) expect(vars.pool.obj(v)?.[0]).toBe('layer');
  });

  it('declares every shading variable even when no clause mentions it', () => {
    // 1x3 with distinct values and no connectivity: no clause at all is needed for rule 1.
    const { cnf } = encodeHitori({ rows: 1, cols: 3, values: [1, 2, 3] }, { connectivity: 'none' });
    expect(cnf.numVars).toBe(3);
  });

  it('names the encoding and each shading variable in the DIMACS comments', () => {
    const { cnf, encoding } = encodeHitori(puzzle, { convention: 'unique-white' });
    expect(encoding).toBe('layers/unique-white');
    expect(cnf.comments.some((c) => c.includes('"tiny"'))).toBe(true);
    expect(cnf.comments).toContain('var 1 shaded(1,1)');
    expect(cnf.comments).toContain('var 6 shaded(2,3)');
  });

  it('a blocking clause forbids exactly the one shading it is made from, in both polarities', async () => {
    // 1x3 "1 1 1": the only solution shades both ends.
    const line: Puzzle = { rows: 1, cols: 3, values: [1, 1, 1] };
    const { cnf, vars } = encodeHitori(line);
    const block = blockingClause(vars, [true, false, true]);
    expect(Array.from(block)).toEqual([-1, 2, -3]);
    expect(await projectedModels(cnf, 3, 'cadical')).toEqual([0b101]);
    cnf.add(block);
    expect(await projectedModels(cnf, 3, 'cadical')).toEqual([]);
  });
});

describe.each(conventions)('convention %s on hand-made grids', (convention: Convention) => {
  it('has the brute-force models on 1x1, all-equal and all-distinct grids', async () => {
    const cases: Grid[] = [
      { rows: 1, cols: 1, values: [7] },
      { rows: 2, cols: 2, values: [1, 1, 1, 1] },
      { rows: 3, cols: 3, values: [1, 1, 1, 1, 1, 1, 1, 1, 1] },
      { rows: 3, cols: 3, values: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
      { rows: 1, cols: 6, values: [2, 2, 2, 2, 2, 2] },
      { rows: 6, cols: 1, values: [1, 2, 1, 2, 1, 2] },
    ];
    for (const grid of cases) {
      const { cnf, vars } = encodeHitori(grid as Puzzle, { convention });
      expect(await projectedModels(cnf, vars.cells, 'cadical'), label(grid)).toEqual(bruteForceByConvention(grid)[convention]);
    }
  });
});
