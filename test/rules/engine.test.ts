/**
 * The engine as a whole: solved boards pass the independent checker, contradictions only where
 * there is no solution, uniqueness claims against brute force, explanations, options.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkShading } from '../../src/puzzle/check.js';
import { puzzleFromGrid, type Puzzle } from '../../src/puzzle/puzzle.js';
import { techniques } from '../../src/rules/catalogue.js';
import { extraShadable, numberedSteps, solveByRules, verdict, type RulesResult } from '../../src/rules/index.js';
import { uniquenessHolds } from '../../src/rules/uniqueness.js';

/** The explanation as `explain` prints it: one numbered line per step, then the verdict. */
const explainLines = (result: RulesResult): string[] => [...numberedSteps(result.steps), verdict(result)];
import { levelIndex } from '../../src/rules/catalogue.js';
import { fixpoint, newStats, selectTechniques } from '../../src/rules/strategy.js';
import { Board } from '../../src/rules/board.js';
import { bruteForceSolutions, fromMask, mulberry32, randomInt } from '../support/brute-force.js';
import { readFixtures } from '../support/fixtures.js';
import { grid, position } from './support.js';

describe('solveByRules', () => {
  it('solves every janko fixture to its published solution, which passes the checker and is proven unique', () => {
    for (const f of readFixtures('janko-sample.jsonl')) {
      const result = solveByRules(f.puzzle);
      expect(result.status, f.id).toBe('solved');
      expect(result.shading, f.id).toEqual(f.solution);
      expect(checkShading(f.puzzle, result.shading!), f.id).toEqual([]);
      expect(result.unique, f.id).toBe(true);
    }
  });

  it('finds a contradiction in the 2x2 grid of 1s', () => {
    const result = solveByRules(grid('1 1 / 1 1'));
    expect(result.status).toBe('contradiction');
    // Two corner squares of CP want r1c2 both white and black.
    expect(result.contradiction?.reason).toBe('CP makes r1c2 black, but it is already white');
    expect(explainLines(result).at(-1)).toMatch(/^No solution: /);
  });

  it('finds a contradiction in the constructed puzzle without a solution', () => {
    for (const f of readFixtures('no-solution.jsonl')) expect(solveByRules(f.puzzle).status).toBe('contradiction');
  });

  it('never claims a unique solution for the puzzles with several', () => {
    for (const f of readFixtures('multiple-solutions.jsonl')) {
      const strict = solveByRules(f.puzzle, { assumeUnique: false });
      expect(strict.status, f.id).toBe('stuck');
      const loose = solveByRules(f.puzzle);
      expect(loose.status, f.id).not.toBe('contradiction');
      if (loose.status === 'solved') {
        expect(checkShading(f.puzzle, loose.shading!)).toEqual([]);
        expect(loose.unique).toBe(false);
      }
    }
  });

  it('agrees with brute force on random small grids: contradiction only without a solution, solved only with that solution, unique exactly when it is', () => {
    const rng = mulberry32(20241107);
    const shapes = [
      [1, 1],
      [1, 2],
      [2, 1],
      [1, 3],
      [3, 1],
      [1, 4],
      [2, 2],
      [2, 3],
      [3, 2],
      [3, 3],
      [2, 4],
      [3, 4],
      [4, 4],
      [4, 3],
      [2, 5],
    ] as const;
    const counted = { solved: 0, contradiction: 0, stuck: 0 };
    for (let round = 0; round < 40; round++) {
      for (const [rows, cols] of shapes) {
        const maxValue = randomInt(rng, 1, Math.max(rows, cols));
        const values = Array.from({ length: rows * cols }, () => randomInt(rng, 1, maxValue));
        const puzzle: Puzzle = { rows, cols, values };
        const solutions = bruteForceSolutions(puzzle).map((m) => fromMask(m, rows * cols));
        const strict = solveByRules(puzzle, { assumeUnique: false });
        for (const d of strict.steps)
          for (const { cell, colour } of d.cells) for (const s of solutions) expect(s[cell] ? 'black' : 'white').toBe(colour);
        if (strict.status === 'contradiction') expect(solutions).toEqual([]);
        if (strict.status === 'solved') expect(solutions).toEqual([strict.shading]);
        const loose = solveByRules(puzzle);
        counted[loose.status]++;
        if (loose.status === 'contradiction') expect(solutions).toEqual([]);
        if (loose.status === 'solved') {
          expect(solutions).toContainEqual(loose.shading);
          expect(loose.unique).toBe(solutions.length === 1);
        }
      }
    }
    // The sample exercises every outcome.
    expect(Math.min(counted.solved, counted.contradiction, counted.stuck)).toBeGreaterThan(0);
  });

  it('says when a solution found with UC is not the only one: 1 2 / 3 4 has five', () => {
    const puzzle = grid('1 2 / 3 4');
    const result = solveByRules(puzzle);
    expect(result.status).toBe('solved');
    expect(result.usedUniqueness).toBe(true);
    expect(result.unique).toBe(false);
    expect(uniquenessHolds(puzzle, result.board)).toBe(false);
    expect(extraShadable(puzzle, result.shading!)).toEqual([0, 1, 2, 3]);
    expect(explainLines(result).at(-1)).toMatch(/more than one solution/);
  });

  it('uniquenessHolds: a white cell that is a cut vertex or touches a black cell cannot be shaded as well', () => {
    // 1 x 3, B W B is the only solution of 1 1 1; the middle cell is all the white region.
    expect(uniquenessHolds(grid('1 1 1'), [true, false, true])).toBe(true);
    // 1 x 3 all white: the ends could be shaded (each leaves two connected white cells).
    expect(extraShadable(grid('1 2 3'), [false, false, false])).toEqual([0, 2]);
  });

  it('explains every step in one line, then the verdict', () => {
    const [f] = readFixtures('janko-sample.jsonl');
    const result = solveByRules(f!.puzzle);
    const lines = explainLines(result);
    expect(lines).toHaveLength(result.steps.length + 1);
    for (const [k, line] of lines.slice(0, -1).entries()) expect(line.startsWith(`${k + 1}. ${result.steps[k]!.technique}`)).toBe(true);
    expect(lines.at(-1)).toMatch(/^Solved/);
  });

  it('keeps to the level asked for, and uses no UC when told not to assume uniqueness', () => {
    const [, , f] = readFixtures('janko-sample.jsonl');
    const result = solveByRules(f!.puzzle, { maxLevel: 'B', assumeUnique: false });
    for (const d of result.steps) {
      expect(d.technique).not.toBe('UC');
      if (d.technique !== 'NoB' && d.technique !== 'DoW')
        expect(levelIndex(techniques.find((t) => t.code === d.technique)!.level)).toBeLessThanOrEqual(levelIndex('B'));
    }
    expect(result.usedUniqueness).toBe(false);
  });

  it('lets no technique change the board itself', () => {
    const [, , , f] = readFixtures('janko-sample.jsonl');
    const board = new Board(f!.puzzle);
    // Part-way: the cheap techniques only.
    fixpoint(board, selectTechniques({ maxLevel: 'B' }), { scope: {}, cursor: { next: 0 } }, new Set(), newStats());
    const before = board.state.slice();
    const ctx = { scope: {}, cursor: { next: 0 }, prober: () => ({ contradiction: null, hardest: 0, usedUniqueness: false }) };
    for (const t of techniques) {
      t.find(board, ctx);
      expect(board.state, t.code).toEqual(before);
    }
  });

  it('solves a 1x1 grid (its cell is white) and a single row with a repeat', () => {
    expect(solveByRules(puzzleFromGrid([[5]])).shading).toEqual([false]);
    const row = solveByRules(grid('1 1 1'), { assumeUnique: false });
    expect(row.status).toBe('solved');
    expect(row.shading).toEqual([true, false, true]);
  });

  it("reports a line without any valid shading in 2-SAT's own words", () => {
    const board = position(grid('5 5 5 / 1 2 3 / 4 6 7'), '. # . / . . . / . . .');
    fixpoint(board, selectTechniques({ techniques: ['2-SAT'] }), { scope: {}, cursor: { next: 0 } }, new Set());
    expect(board.contradiction?.reason).toMatch(/^2-SAT: row 1 has no shading without a repeated white number or two adjacent black cells/);
  });
});

describe('the rule engine stands alone', () => {
  it('imports nothing of the SAT layer, the SAT engine or the encodings: only puzzle/ and control/, the leaf every layer may import', () => {
    const dir = fileURLToPath(new URL('../../src/rules/', import.meta.url));
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const imports = [...readFileSync(dir + name, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      for (const path of imports) expect(path, name).not.toMatch(/(^|\/)(sat|solve|encodings)\//);
      for (const path of imports)
        expect(path.startsWith('./') || path.startsWith('../puzzle/') || path.startsWith('../control/'), `${name} imports ${path}`).toBe(
          true,
        );
    }
  });
});
