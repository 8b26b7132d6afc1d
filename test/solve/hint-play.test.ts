/**
 * Hints followed as a player follows them, judged by the published solutions of the janko sample
 * (test/fixtures/janko-sample.jsonl, from janko.at) and by the independent checker: from an empty
 * board, mark what each hint decides and ask again, until the hint says solved.
 */
import { describe, expect, it } from 'vitest';
import { checkShading } from '../../src/puzzle/check.js';
import { hint, type Marks } from '../../src/solve/hint.js';
import { solveHitori } from '../../src/solve/solve.js';
import { bruteForceSolutions, fromMask, mulberry32, randomGrid, randomInt } from '../support/brute-force.js';
import { readFixtures } from '../support/fixtures.js';

const sample = readFixtures('janko-sample.jsonl').filter((f) => f.solution !== null);

describe('hint, followed from an empty board', () => {
  it('every hint agrees with the published solution, decides an unmarked cell, reasons from marked colours, and the last says solved', async () => {
    for (const { puzzle, id, solution } of sample.filter((f) => f.puzzle.rows * f.puzzle.cols <= 100)) {
      const marks: (boolean | null)[] = new Array<null>(puzzle.rows * puzzle.cols).fill(null);
      let hints = 0;
      for (;;) {
        const found = await hint(puzzle, marks);
        if (found.kind === 'solved') break;
        expect(found.kind, id).toBe('step');
        if (found.kind !== 'step') break;
        const { step } = found;
        const open = step.cells.filter(({ cell }) => marks[cell] === null);
        expect(open.length, `${id}: ${step.reason}`).toBeGreaterThan(0);
        for (const { cell, colour } of step.cells) expect(colour === 'black', `${id} cell ${cell}: ${step.reason}`).toBe(solution![cell]);
        for (const { cell, colour } of step.given ?? [])
          expect(marks[cell], `${id}: premise ${cell} of ${step.reason}`).toBe(colour === 'black');
        // UC, the one technique that assumes a unique solution, is given one cell at a time.
        if (step.technique === 'UC') expect(step.cells, `${id}: ${step.reason}`).toHaveLength(1);
        for (const { cell, colour } of open) marks[cell] = colour === 'black';
        expect(++hints, id).toBeLessThanOrEqual(marks.length);
      }
      expect(
        checkShading(
          puzzle,
          marks.map((m) => m === true),
        ),
        id,
      ).toEqual([]);
    }
  });

  it('on random grids up to 4x4 with one solution (by brute force): the same, and with the techniques cut down to UC and the two the board carries out itself (NoB, DoW), UC comes one cell at a time', async () => {
    const rng = mulberry32(29);
    let uc = 0;
    for (let tries = 0, played = 0; played < 60 && tries < 5000; tries++) {
      const rows = randomInt(rng, 2, 4);
      const cols = randomInt(rng, 2, 4);
      const grid = randomGrid(rng, rows, cols, Math.max(rows, cols));
      const masks = bruteForceSolutions(grid);
      if (masks.length !== 1) continue;
      played++;
      const solution = fromMask(masks[0]!, rows * cols);
      const marks: (boolean | null)[] = new Array<null>(rows * cols).fill(null);
      for (;;) {
        const found = await hint(grid, marks, { techniques: ['UC', 'NoB', 'DoW'] });
        if (found.kind === 'solved') break;
        if (found.kind === 'solution-cell') {
          expect(found.shaded, grid.id).toBe(solution[found.cell]);
          marks[found.cell] = found.shaded;
          continue;
        }
        expect(found.kind, grid.id).toBe('step');
        if (found.kind !== 'step') break;
        const { step } = found;
        for (const { cell, colour } of step.cells) expect(colour === 'black', `${grid.id}: ${step.reason}`).toBe(solution[cell]);
        for (const { cell, colour } of step.given ?? []) expect(marks[cell], `${grid.id}: ${step.reason}`).toBe(colour === 'black');
        expect(['UC', 'NoB', 'DoW']).toContain(step.technique);
        if (step.technique === 'UC') {
          uc++;
          expect(step.cells, `${grid.id}: ${step.reason}`).toHaveLength(1);
          expect(step.premises[0], grid.id).toBe(step.cells[0]!.cell);
        }
        const open = step.cells.filter(({ cell }) => marks[cell] === null);
        expect(open.length, `${grid.id}: ${step.reason}`).toBeGreaterThan(0);
        for (const { cell, colour } of open) marks[cell] = colour === 'black';
      }
      expect(
        solution.every((black, i) => black === (marks[i] === true)),
        grid.id,
      ).toBe(true);
    }
    expect(uc).toBeGreaterThan(0);
  });

  // How fast a hint comes is bench/hint.ts's business (BENCH.md, hint); here only what it says.
  it('the first hint on janko 037 (17x17) assumes nothing and decides a few cells, as the published solution has them', async () => {
    const f = readFixtures('janko-sample.jsonl').find((x) => x.id === 'janko-037')!;
    const found = await hint(f.puzzle, undefined);
    expect(found.kind).toBe('step');
    if (found.kind !== 'step') return;
    expect(found.step.usedUniqueness ?? false).toBe(false);
    expect(found.step.cells.length).toBeGreaterThan(0);
    expect(found.step.cells.length).toBeLessThanOrEqual(3);
    for (const { cell, colour } of found.step.cells) expect(colour === 'black', found.step.reason).toBe(f.solution![cell]);
  });
});

describe('hint, solved', () => {
  it('a board whose shaded cells are the only solution is solved, whatever is left unmarked', async () => {
    for (const { puzzle, id, solution } of sample.slice(0, 8)) {
      const shadedOnly: Marks = solution!.map((black) => (black ? true : null));
      expect(await hint(puzzle, shadedOnly), id).toEqual({
        kind: 'solved',
        unique: true,
        unmarked: solution!.filter((black) => !black).length,
      });
      // One shaded cell left out: not solved yet.
      const missing = solution!.indexOf(true);
      const less = shadedOnly.map((m, i) => (i === missing ? null : m));
      expect((await hint(puzzle, less)).kind, id).not.toBe('solved');
    }
  });

  it('with several solutions: shading exactly one of them is solved', async () => {
    for (const { puzzle, id } of readFixtures('multiple-solutions.jsonl')) {
      if (puzzle.rows * puzzle.cols > 36) continue;
      const some = await solveHitori(puzzle, { maxSolutions: 2 });
      for (const s of some.solutions) {
        expect(checkShading(puzzle, s), id).toEqual([]);
        const found = await hint(
          puzzle,
          s.map((black) => (black ? true : null)),
        );
        expect(found.kind, id).toBe('solved');
      }
    }
  });
});
