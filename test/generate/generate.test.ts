/**
 * The generator against independent truth: on boards of up to 16 cells every shading is tried by
 * the test support's brute force, which must find exactly the generated solution; on larger boards
 * the solution passes the independent checker and MiniSat (not the generator's CaDiCaL) finds the
 * complete layered CNF unsatisfiable once that solution is blocked. Also: classes as asked (the
 * rule engine's rate, not solvable one class lower), seeds, the Latin numbering, bad specs.
 */
import { describe, expect, it } from 'vitest';
import { blockingClause, encodeHitori } from '../../encodings/index.js';
import { generateMany } from '../../src/generate/generate-run.js';
import {
  generatePuzzle,
  numberCells,
  puzzleSeed,
  randomShading,
  seededRandom,
  specProblem,
  type GeneratedPuzzle,
} from '../../src/generate/generate.js';
import { checkShading } from '../../src/puzzle/check.js';
import { conventions, type Convention } from '../../src/puzzle/convention.js';
import { geometry } from '../../src/puzzle/geometry.js';
import { levels, rate, solveByRules, type Level } from '../../src/rules/index.js';
import { createBackend } from '../../src/sat/backends/index.js';
import { bruteForceSolutions, fromMask } from '../support/brute-force.js';

/** A second opinion on uniqueness: MiniSat on the complete CNF with the solution blocked. */
async function minisatFindsNoOther(p: GeneratedPuzzle, convention: Convention): Promise<boolean> {
  const { cnf, vars } = encodeHitori(p.puzzle, { convention, connectivity: 'layers' });
  cnf.add(blockingClause(vars, p.solution));
  const backend = await createBackend('minisat');
  try {
    backend.addCnf(cnf);
    return (await backend.solve()) === 'unsatisfiable';
  } finally {
    backend.dispose();
  }
}

describe('generatePuzzle', () => {
  for (const convention of conventions) {
    it(`under ${convention}, every puzzle of up to 16 cells has exactly the generated solution, by brute force`, async () => {
      for (const [rows, cols] of [
        [4, 4],
        [3, 5],
        [2, 7],
        [4, 3],
      ] as const) {
        for (let k = 0; k < 6; k++) {
          const p = await generatePuzzle({ rows, cols, convention }, puzzleSeed(`bf-${convention}`, k));
          const solutions = bruteForceSolutions(p.puzzle, convention);
          expect(solutions, `${rows}x${cols} ${p.seed}`).toHaveLength(1);
          expect(fromMask(solutions[0]!, rows * cols)).toEqual(p.solution);
          expect(Math.max(...p.puzzle.values)).toBeLessThanOrEqual(Math.max(rows, cols));
        }
      }
    });
  }

  it('on 9x9 to 17x17 the solution passes the checker and MiniSat proves no other exists', async () => {
    for (const [rows, cols, convention] of [
      [9, 9, 'literal'],
      [12, 10, 'literal'],
      [17, 17, 'literal'],
      [10, 10, 'shaded-duplicates'],
      [10, 10, 'unique-white'],
    ] as const) {
      const p = await generatePuzzle({ rows, cols, convention }, `big-${rows}x${cols}`);
      expect(checkShading(p.puzzle, p.solution, convention)).toEqual([]);
      expect(await minisatFindsNoOther(p, convention), `${rows}x${cols} ${convention}`).toBe(true);
    }
  });

  it('the same seed gives the same puzzle, another seed another one', async () => {
    const a = await generatePuzzle({ rows: 8, cols: 8 }, 'same');
    const b = await generatePuzzle({ rows: 8, cols: 8 }, 'same');
    const c = await generatePuzzle({ rows: 8, cols: 8 }, 'other');
    expect(b.puzzle.values).toEqual(a.puzzle.values);
    expect(b.solution).toEqual(a.solution);
    expect(c.puzzle.values).not.toEqual(a.puzzle.values);
  });

  it('generateMany gives puzzle k the seed "<seed>:k", the same as generatePuzzle alone', async () => {
    const run = await generateMany({ rows: 6, cols: 6 }, { count: 3, seed: 42 });
    expect(run.complete).toBe(true);
    for (const [k, p] of run.puzzles.entries()) {
      expect(p.seed).toBe(`42:${k + 1}`);
      expect((await generatePuzzle({ rows: 6, cols: 6 }, p.seed)).puzzle.values).toEqual(p.puzzle.values);
    }
  });

  for (const cls of ['B', 'F', 'G'] as const) {
    it(`--class ${cls}: rated ${cls} by the rule engine and not solved by the techniques below ${cls}`, async () => {
      for (let k = 0; k < 2; k++) {
        const p = await generatePuzzle({ rows: 7, cols: 7, class: cls }, puzzleSeed(`class-${cls}`, k));
        expect(p.class).toBe(cls);
        expect(rate(p.puzzle).class).toBe(cls);
        const below = levels[levels.indexOf(cls) - 1] as Level;
        expect(solveByRules(p.puzzle, { techniques: 'thesis', maxLevel: below }).status).not.toBe('solved');
      }
    });
  }

  it('--class A under shaded-duplicates: a Latin square, nothing shaded, unique by brute force', async () => {
    const p = await generatePuzzle({ rows: 4, cols: 4, class: 'A', convention: 'shaded-duplicates' }, 'latin');
    expect(p.class).toBe('A');
    expect(p.solution.every((s) => !s)).toBe(true);
    expect(bruteForceSolutions(p.puzzle, 'shaded-duplicates')).toEqual([0]);
  });

  it('refuses what cannot be made: class A under literal, too few symbols, a 1x1 board', () => {
    expect(specProblem({ rows: 5, cols: 5, class: 'A' })).toMatch(/literal/);
    expect(specProblem({ rows: 9, cols: 9, symbols: 4 })).toMatch(/symbols/);
    expect(specProblem({ rows: 1, cols: 1 })).toMatch(/1x1/);
    expect(specProblem({ rows: 3, cols: 3, symbols: 10 })).toMatch(/more symbols than cells/);
    expect(specProblem({ rows: 9, cols: 9, symbols: 5 })).toBeNull();
  });

  it('a single row or column needs all but two of its cells numbered apart (found by the fuzz run: 7x1 with 4 symbols ran for ever)', async () => {
    // Shading an inner cell of a line cuts it in two, so at most the two end cells are shaded.
    expect(specProblem({ rows: 7, cols: 1, symbols: 4 })).toMatch(/at least 5 are needed/);
    expect(specProblem({ rows: 1, cols: 7, symbols: 5 })).toBeNull();
    expect(specProblem({ rows: 1, cols: 2, symbols: 1, convention: 'unique-white' })).toMatch(/needs 2 symbols/);
    const p = await generatePuzzle({ rows: 7, cols: 1, symbols: 5 }, 'line');
    expect(bruteForceSolutions(p.puzzle, 'literal')).toHaveLength(1);
  });

  it('two-cell boards: refused under literal, where the brute force finds no unique grid; made under the others (found by the fuzz run: 1x2 and 2x1 searched until the time limit)', async () => {
    for (const [rows, cols] of [
      [1, 2],
      [2, 1],
    ] as const) {
      for (const convention of conventions) {
        const grids = [1, 2, 3].flatMap((a) => [1, 2, 3].map((b) => ({ rows, cols, values: [a, b] })));
        const exists = grids.some((puzzle) => bruteForceSolutions(puzzle, convention).length === 1);
        expect(specProblem({ rows, cols, convention }) === null, `${rows}x${cols} ${convention}`).toBe(exists);
        if (!exists) continue;
        const p = await generatePuzzle({ rows, cols, convention }, `two-${convention}`, Date.now() + 10_000);
        expect(bruteForceSolutions(p.puzzle, convention)).toHaveLength(1);
        expect(fromMask(bruteForceSolutions(p.puzzle, convention)[0]!, 2)).toEqual(p.solution);
      }
    }
  });

  it('with fewer symbols than the side, the numbers stay in 1..k', async () => {
    const p = await generatePuzzle({ rows: 8, cols: 8, symbols: 6 }, 'few');
    expect(new Set(p.puzzle.values).size).toBeLessThanOrEqual(6);
    expect(Math.max(...p.puzzle.values)).toBeLessThanOrEqual(6);
    expect(await minisatFindsNoOther(p, 'literal')).toBe(true);
  });

  it('stops at the time limit with the puzzles made so far', async () => {
    const run = await generateMany({ rows: 30, cols: 30 }, { count: 50, seed: 1, timeoutMs: 1 });
    expect(run.complete).toBe(false);
    expect(run.puzzles.length).toBeLessThan(50);
  });
});

describe('the steps of the method', () => {
  it('a random shading is valid and maximal: no further cell can be shaded', () => {
    const g = geometry(11, 13);
    const random = seededRandom('shading');
    for (let k = 0; k < 20; k++) {
      const shaded = randomShading(g, random);
      const puzzle = { rows: 11, cols: 13, values: Array.from({ length: g.cells }, (_, i) => i + 1) };
      const shading = Array.from(shaded, (s) => s === 1);
      expect(checkShading(puzzle, shading)).toEqual([]);
      for (let i = 0; i < g.cells; i++) {
        if (shading[i]) continue;
        const more = shading.map((s, j) => s || j === i);
        expect(checkShading(puzzle, more)).not.toEqual([]);
      }
    }
  });

  it('the numbering repeats no number among the unshaded cells of a line, and a shaded cell repeats an unshaded one of its lines', () => {
    const random = seededRandom('numbers');
    for (const [rows, cols, k] of [
      [9, 9, 9],
      [6, 11, 11],
      [10, 10, 7],
      [12, 12, 20],
    ] as const) {
      const g = geometry(rows, cols);
      const shaded = randomShading(g, random);
      const values = numberCells(g, shaded, k, random);
      if (values === null) continue; // a line with more than k unshaded cells
      const puzzle = { rows, cols, values };
      const shading = Array.from(shaded, (s) => s === 1);
      expect(checkShading(puzzle, shading, 'shaded-duplicates')).toEqual([]);
      expect(values.every((v) => v >= 1 && v <= k)).toBe(true);
    }
  });
});

describe('generate around a pattern, and with a symmetry', () => {
  const at = (text: string) =>
    text
      .replace(/\s/g, '')
      .split('')
      .map((ch) => ch === '#');

  it('fills numbers around a pattern so that it is the only solution: by brute force on 4x4, by MiniSat on 9x9', async () => {
    // Maximal: shading any other cell breaks rule 2 or 3 (else no numbering could make it unique).
    const small = at('#.#. .... ...# .#..');
    expect(specProblem({ rows: 4, cols: 4, pattern: small })).toBeNull();
    for (let k = 0; k < 5; k++) {
      const p = await generatePuzzle({ rows: 4, cols: 4, pattern: small }, `pattern:${k}`);
      expect(p.solution).toEqual(small);
      expect(bruteForceSolutions(p.puzzle).map((m) => fromMask(m, 16))).toEqual([small]);
    }
    // A random shading of a 9x9, used as a pattern.
    const big = Array.from(randomShading(geometry(9, 9), seededRandom('pattern-9')), (x) => x === 1);
    const p = await generatePuzzle({ rows: 9, cols: 9, pattern: big }, 'pattern:9');
    expect(p.solution).toEqual(big);
    expect(checkShading(p.puzzle, p.solution)).toEqual([]);
    expect(await minisatFindsNoOther(p, 'literal')).toBe(true);
  });

  it('refuses a pattern that breaks a rule, or that a larger shading always joins, naming the place', () => {
    const problem = (rows: number, cols: number, text: string) => specProblem({ rows, cols, pattern: at(text) });
    expect(problem(2, 3, '##. ...')).toBe('the pattern shades two touching cells: row 1, column 1 and row 1, column 2');
    expect(problem(3, 3, '.#. #.. ...')).toBe("the pattern's unshaded cells fall apart: row 1, column 3 is cut off from row 1, column 1");
    expect(problem(2, 3, '... ...')).toMatch(/^the pattern can never be the only solution: row 1, column 1 could be shaded too/);
    expect(problem(2, 2, '#. .#')).toMatch(/cut off/);
    expect(specProblem({ rows: 3, cols: 3, pattern: at('#.. ... ..#'), symmetry: 'rot180' })).toMatch(/not both/);
  });

  it.each(['rot180', 'mirror', 'diagonal'] as const)(
    'gives a %s-symmetric solution, proven the only one by MiniSat, on 8x8 and 11x11',
    async (symmetry) => {
      const image = (n: number, r: number, c: number) =>
        symmetry === 'rot180' ? [n - 1 - r, n - 1 - c] : symmetry === 'mirror' ? [r, n - 1 - c] : [c, r];
      for (const n of [8, 11]) {
        const p = await generatePuzzle({ rows: n, cols: n, symmetry }, `sym:${n}`);
        for (let r = 0; r < n; r++)
          for (let c = 0; c < n; c++) {
            const [r2, c2] = image(n, r, c);
            expect(p.solution[r * n + c], `${symmetry} ${n}x${n} r${r + 1}c${c + 1}`).toBe(p.solution[r2! * n + c2!]);
          }
        expect(checkShading(p.puzzle, p.solution)).toEqual([]);
        expect(await minisatFindsNoOther(p, 'literal')).toBe(true);
      }
    },
  );

  it('refuses the diagonal symmetry on a board that is not square', () => {
    expect(specProblem({ rows: 4, cols: 5, symmetry: 'diagonal' })).toBe('the diagonal symmetry needs a square board, not 4x5');
  });
});
