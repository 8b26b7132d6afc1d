/**
 * The generator against independent truth: on boards of up to 16 cells every shading is tried by
 * the test support's brute force, which must find exactly the generated solution; on larger boards
 * the solution passes the independent checker and MiniSat (not the generator's CaDiCaL) finds the
 * complete layered CNF unsatisfiable once that solution is blocked. Also: classes as asked (the
 * rule engine's rate, not solvable one class lower), steered to each class with and without a
 * symmetry, progress per shading tried, the measured table of what is refused, seeds, the Latin
 * numbering, bad specs.
 */
import { Limit } from '../../src/control/limit.js';
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
import { run as browserRun } from '../../src/api/run.js';
import { run as nodeRun } from '../../src/api/node-run.js';
import type { Symmetry } from '../../src/generate/generate-choices.js';
import { symmetries } from '../../src/generate/generate-choices.js';
import { reach, reachRuns } from '../../src/generate/generate-reach.js';
import { generationProblem, generationReach, type ReachTable } from '../../src/generate/generate-support.js';
import { UsageError } from '../../src/control/errors.js';
import type { ProgressEvent } from '../../src/control/progress.js';

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
        const p = await generatePuzzle({ rows, cols, convention }, `two-${convention}`, Limit.at(Date.now() + 10_000));
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
    const run = await generateMany({ rows: 30, cols: 30 }, { count: 50, seed: 1, limit: Limit.after(1) });
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

describe('generation aimed at a class (steered, not redrawn)', () => {
  const symmetricUnder = (p: GeneratedPuzzle, symmetry: Symmetry): boolean => {
    const { rows, cols } = p.puzzle;
    return p.solution.every((s, i) => {
      const r = Math.floor(i / cols);
      const c = i % cols;
      const j =
        symmetry === 'rot180' ? (rows - 1 - r) * cols + (cols - 1 - c) : symmetry === 'mirror' ? r * cols + (cols - 1 - c) : c * cols + r;
      return p.solution[j] === s;
    });
  };
  const cases: [Level, number, Symmetry | undefined][] = [
    ['B', 7, undefined],
    ['C', 6, undefined],
    ['C', 6, 'rot180'],
    ['D', 7, undefined],
    ['D', 12, 'mirror'],
    ['E', 7, 'diagonal'],
    ['E', 12, undefined],
    ['F', 7, 'rot180'],
    ['G', 6, undefined],
  ];
  for (const [cls, size, symmetry] of cases) {
    it(`class ${cls} at ${size}x${size}${symmetry === undefined ? '' : ` with ${symmetry}`}: unique by MiniSat, passes the checker, rated ${cls} and not solved one class lower`, async () => {
      const p = await generatePuzzle(
        { rows: size, cols: size, class: cls, ...(symmetry === undefined ? {} : { symmetry }) },
        `aim-${cls}-${size}`,
      );
      expect(checkShading(p.puzzle, p.solution)).toEqual([]);
      expect(await minisatFindsNoOther(p, 'literal')).toBe(true);
      expect(rate(p.puzzle).class).toBe(cls);
      const below = levels[levels.indexOf(cls) - 1] as Level;
      expect(solveByRules(p.puzzle, { techniques: 'thesis', maxLevel: below }).status).not.toBe('solved');
      if (symmetry !== undefined) expect(symmetricUnder(p, symmetry)).toBe(true);
    });
  }

  it('reports each shading tried: tries 1, 2, ... up to the attempts of the puzzle, the time never going back', async () => {
    const tries: number[] = [];
    const times: number[] = [];
    const p = await generatePuzzle({ rows: 6, cols: 6, class: 'C' }, 'tries', undefined, (n, ms) => {
      tries.push(n);
      times.push(ms);
    });
    expect(tries).toEqual(Array.from({ length: p.attempts }, (_, k) => k + 1));
    expect(times.every((t, k) => t >= 0 && (k === 0 || t >= times[k - 1]!))).toBe(true);
  });

  it('run() tells progress through the one event: phase generate, the puzzles done of the count, tries and seconds in the line', async () => {
    for (const door of [browserRun, nodeRun]) {
      const events: ProgressEvent[] = [];
      const result = await door(
        { command: 'generate', rows: 6, cols: 6, class: 'C', count: 2, seed: 'progress' },
        { onProgress: (event) => events.push(event) },
      );
      expect(result.puzzles).toHaveLength(2);
      expect(events.length).toBeGreaterThan(0);
      expect(events.every((e) => e.phase === 'generate' && e.total === 2 && e.done >= 0 && e.done <= 2)).toBe(true);
      expect(events.some((e) => /^generate 1\/2: try \d+, \d+\.\d s$/.test(e.message))).toBe(true);
      expect(events.at(-1)).toMatchObject({ done: 2, total: 2 });
    }
  });
});

describe('what generation refuses up front: the measured table', () => {
  const table: ReachTable = {
    runs: 6,
    capMs: 10000,
    date: '2026-11-28 22:40 UTC',
    rows: [
      [9, 'C', 'none', 6, 6, 1200],
      [17, 'C', 'none', 1, 2, 3000],
      [17, 'D', 'rot180', 6, 6, 400],
      [12, 'G', 'mirror', 0, 1, null],
    ],
  };

  it('a combination the bench did not reach is refused in one line naming the class, the size and the measurement', () => {
    expect(generationProblem({ rows: 17, cols: 17, class: 'C' }, table)).toBe(
      'class C at 17x17 is out of reach: 1 of 2 bench runs made a puzzle within 10 s on one thread (BENCH.md, generate-by-class, 2026-11-28 22:40 UTC)',
    );
    expect(generationProblem({ rows: 12, cols: 12, class: 'G', symmetry: 'mirror' }, table)).toMatch(
      /^class G with a mirror at 12x12 is out of reach: 0 of 1/,
    );
  });

  it('a size between or beyond the measured ones takes the verdict of the next larger measured size, or of the largest', () => {
    expect(generationProblem({ rows: 20, cols: 20, class: 'C' }, table)).toMatch(/^class C at 20x20 is out of reach \(as 17x17\)/);
    expect(generationProblem({ rows: 10, cols: 14, class: 'C' }, table)).toMatch(/\(as 17x17\)/);
    expect(generationProblem({ rows: 8, cols: 8, class: 'C' }, table)).toBeNull();
  });

  it('what the bench reached, what it did not measure, and other conventions, symbols or a pattern are not refused', () => {
    expect(generationProblem({ rows: 17, cols: 17, class: 'D', symmetry: 'rot180' }, table)).toBeNull();
    expect(generationProblem({ rows: 17, cols: 17, class: 'E' }, table)).toBeNull();
    expect(generationProblem({ rows: 17, cols: 17, class: 'C', convention: 'unique-white' }, table)).toBeNull();
    expect(generationProblem({ rows: 17, cols: 17, class: 'C', symbols: 20 }, table)).toBeNull();
    expect(generationProblem({ rows: 17, cols: 17, class: 'C', symbols: 17 }, table)?.startsWith('class C')).toBe(true);
    expect(generationReach({ rows: 17, cols: 17, class: 'C' }, table)).toEqual({
      size: 17,
      made: 1,
      tried: 2,
      p95Ms: 3000,
      withinReach: false,
    });
  });

  it('the bench table covers the page: every size, class and symmetry it offers, each verdict from its runs', () => {
    const page = {
      sizes: [5, 6, 7, 8, 9, 10, 12, 15, 17],
      classes: ['any', 'B', 'C', 'D', 'E', 'F', 'G'],
      symmetries: ['none', ...symmetries],
    };
    for (const size of page.sizes)
      for (const cls of page.classes)
        for (const symmetry of page.symmetries) {
          const row = reach.find((r) => r[0] === size && r[1] === cls && r[2] === symmetry);
          expect(row, `${size} ${cls} ${symmetry}`).toBeDefined();
          const [, , , made, tried] = row!;
          expect(made <= tried && tried <= reachRuns).toBe(true);
          const choice = {
            rows: size,
            cols: size,
            ...(cls === 'any' ? {} : { class: cls as Level }),
            ...(symmetry === 'none' ? {} : { symmetry: symmetry as Symmetry }),
          };
          expect(generationProblem(choice) === null).toBe(made === reachRuns);
        }
  });

  it('run() refuses a choice out of reach before any search, with that line (a UsageError)', async () => {
    const refused = reach.find((r) => r[3] < reachRuns);
    expect(refused, 'the bench table refuses something').toBeDefined();
    const [size, cls, symmetry] = refused!;
    const request = {
      command: 'generate',
      rows: size,
      cols: size,
      seed: 'refused',
      ...(cls === 'any' ? {} : { class: cls as Level }),
      ...(symmetry === 'none' ? {} : { symmetry: symmetry as Symmetry }),
    } as const;
    for (const door of [browserRun, nodeRun]) {
      const error = await door(request).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toBe(generationProblem(request));
    }
  });
});
