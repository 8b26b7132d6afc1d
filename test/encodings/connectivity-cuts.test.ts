/**
 * Rule 3, lazy form: the enclosure-lemma seed clauses and the cuts added when a model falls
 * apart. Soundness is what matters: no seed or cut may exclude a valid shading, and the lazy
 * solve loop must end with exactly the valid shadings.
 */
import { describe, expect, it } from 'vitest';
import { CutFinder, encodeConnectivitySeeds } from '../../encodings/connectivity-cuts.js';
import { Cnf } from '../../src/sat/cnf.js';
import { geometryOf } from '../../src/puzzle/geometry.js';
import { encodeHitori } from '../../encodings/index.js';
import { HitoriVars } from '../../encodings/variables.js';
import { conventions } from '../../src/puzzle/convention.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { solveHitori } from '../../src/solve/solve.js';
import {
  bruteForceMasks,
  bruteForceSolutions,
  fromMask,
  judgeMask,
  mulberry32,
  randomGrid,
  randomInt,
  toMask,
  type Grid,
} from '../support/brute-force.js';
import { gridsFor, inProcessBackends, projectedModels } from '../support/models.js';

const label = (g: Grid) => `${g.rows}x${g.cols} [${g.values.join(' ')}]`;
const distinct = (rows: number, cols: number): Grid => ({ rows, cols, values: Array.from({ length: rows * cols }, (_, i) => i + 1) });

function randomGrids(seed: number, perSize: number): Grid[] {
  const rng = mulberry32(seed);
  const out: Grid[] = [];
  for (const [rows, cols] of [
    [1, 1],
    [1, 4],
    [4, 1],
    [2, 2],
    [2, 3],
    [3, 2],
    [3, 3],
    [3, 4],
    [4, 3],
    [4, 4],
  ] as const) {
    for (let k = 0; k < perSize; k++) out.push(randomGrid(rng, rows, cols, randomInt(rng, 2, Math.max(2, Math.max(rows, cols)))));
  }
  return out;
}

describe('white components and boundaries', () => {
  it('CutFinder.label finds one component exactly when the brute force calls the unshaded cells connected', () => {
    const rng = mulberry32(11);
    for (const [rows, cols] of [
      [1, 5],
      [3, 3],
      [3, 4],
      [4, 4],
    ] as const) {
      const grid = distinct(rows, cols);
      for (let t = 0; t < 200; t++) {
        const mask = Math.floor(rng() * 2 ** (rows * cols));
        const shading = fromMask(mask, rows * cols);
        const finder = new CutFinder(geometryOf(grid));
        const components = Array.from({ length: finder.label(shading) }, (_, c) => Array.from(finder.component(c)));
        // Every unshaded cell lies in exactly one component.
        expect(components.flat().sort((a, b) => a - b)).toEqual(shading.flatMap((s, i) => (s ? [] : [i])));
        expect(components.length === 1, `${rows}x${cols} mask ${mask.toString(2)}`).toBe(!judgeMask(grid, mask).disconnected);
      }
    }
  });

  it('seeds say "not every cell around it is shaded" for a corner cell (two), a middle cell (four) and a pair of cells', () => {
    const p = distinct(3, 3) as Puzzle;
    const cnf = new Cnf();
    encodeConnectivitySeeds(p, new HitoriVars(p), cnf);
    const clauses = Array.from({ length: cnf.numClauses }, (_, k) =>
      cnf
        .clause(k)
        .sort((a, b) => b - a)
        .join(' '),
    );
    // Cells 0..8 row by row are variables 1..9: the corner 0 touches 1 and 3, the middle 4
    // touches 1, 3, 5, 7, the pair 0-1 touches 2, 3, 4.
    expect(clauses).toContain('-2 -4');
    expect(clauses).toContain('-2 -4 -6 -8');
    expect(clauses).toContain('-3 -4 -5');
  });

  it("stops building the seeds when the formula's watch throws, and a later build still gets all of them", () => {
    const p = distinct(31, 29) as Puzzle;
    const stopped = new Cnf();
    stopped.watch = () => {
      throw new Error('past the deadline');
    };
    expect(() => encodeConnectivitySeeds(p, new HitoriVars(p), stopped)).toThrow('past the deadline');
    const whole = new Cnf();
    encodeConnectivitySeeds(p, new HitoriVars(p), whole);
    // A seed per cell (899), and per pair of neighbours with at most 4 cells around it: the pairs
    // lying along an edge, 28 in each of the 2 long rows and 30 in each of the 2 outer columns (a
    // pair across an edge has 5 around it, an inner pair 6).
    expect(whole.numClauses).toBe(31 * 29 + 2 * 28 + 2 * 30);
  });

  it('adds one cut per component of a disconnected shading and none for a connected one', () => {
    const p = distinct(3, 3) as Puzzle;
    const vars = new HitoriVars(p);
    const added: number[][] = [];
    // 0 1 0 / 1 0 0 / 0 0 0: cell (1,1) is cut off from the other six unshaded cells.
    const split = fromMask(0b000_001_010, 9);
    const finder = new CutFinder(geometryOf(p));
    expect(finder.cuts(split, vars, (c) => added.push(Array.from(c)))).toBe(2);
    expect(added.map((c) => [...c].sort((a, b) => a - b))).toContainEqual([-4, -2]);
    // Each cut is violated by the split shading (all its boundary cells are shaded there).
    for (const clause of added) expect(clause.every((lit) => split[-lit - 1])).toBe(true);
    expect(finder.cuts(fromMask(0, 9), vars, (c) => added.push(Array.from(c)))).toBe(0);
  });
});

describe('lazy connectivity', () => {
  const grids = randomGrids(555, 6);
  const rulesOneAndTwo = { noRepeat: true, noAdjacentShaded: true, connected: false, convention: 'literal' } as const;

  // MiniSat gets the first grid of each size and verdict (gridsFor, support/models.ts).
  for (const backend of inProcessBackends) {
    it(`its seed clauses keep every brute-force solution as a model, and every model obeys rules 1 and 2 (${backend})`, async () => {
      for (const grid of gridsFor(backend, grids, (g) => bruteForceSolutions(g).length)) {
        const { cnf, vars } = encodeHitori(grid as Puzzle, { connectivity: 'lazy' });
        const models = await projectedModels(cnf, vars.cells, backend);
        const solutions = bruteForceSolutions(grid);
        const ruleOneAndTwo = new Set(bruteForceMasks(grid, rulesOneAndTwo));
        for (const s of solutions) expect(models, `${label(grid)} loses solution ${s.toString(2)}`).toContain(s);
        for (const m of models) expect(ruleOneAndTwo.has(m), `${label(grid)} model ${m.toString(2)}`).toBe(true);
      }
    });
  }

  it('its seeds alone already cut the 2x2 diagonals (a cell whose neighbours are all shaded)', async () => {
    const { cnf } = encodeHitori(distinct(2, 2) as Puzzle, { connectivity: 'lazy' });
    expect(await projectedModels(cnf, 4, 'cadical')).toEqual([0b0000, 0b0001, 0b0010, 0b0100, 0b1000]);
  });

  for (const backend of inProcessBackends) {
    it(`the lazy solve loop lists exactly the brute-force solutions of random grids up to 4x4, for every convention (${backend})`, async () => {
      for (const convention of conventions) {
        for (const grid of gridsFor(backend, grids, (g) => bruteForceSolutions(g, convention).length)) {
          const result = await solveHitori(grid as Puzzle, { backend, convention, connectivity: 'lazy', maxSolutions: 1000 });
          expect(
            result.solutions.map(toMask).sort((x, y) => x - y),
            `${label(grid)} ${convention}`,
          ).toEqual(bruteForceSolutions(grid, convention));
          expect(result.complete).toBe(true);
        }
      }
    });
  }
});
