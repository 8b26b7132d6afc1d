/**
 * The hints a player reads (src/commands/hint/words.ts, through hintJson): every technique of the
 * catalogue has its plain words, without a technique code; where to look covers the step; a
 * probe's trial is drawn from its own cells; and every colour a hint decides is the published
 * solution's (test/fixtures/janko-sample.jsonl, from janko.at).
 *
 * Each technique is met by playing fixture puzzles with the hint's techniques cut down to it
 * (with NoB and DoW, which the board owes after every mark): the hint then gives that technique's
 * step wherever it applies, and one cell of the solution where nothing does.
 */
import { describe, expect, it } from 'vitest';
import { hintJson, type HintJson } from '../../src/commands/hint/render.js';
import { stepWords } from '../../src/commands/hint/words.js';
import { Board } from '../../src/rules/board.js';
import { techniques } from '../../src/rules/catalogue.js';
import { techniqueCodes, type TechniqueCode } from '../../src/rules/types.js';
import { hint } from '../../src/solve/hint.js';
import { readFixtures } from '../support/fixtures.js';

const sample = readFixtures('janko-sample.jsonl')
  .filter((f) => f.solution !== null)
  .sort((a, b) => a.puzzle.rows * a.puzzle.cols - b.puzzle.rows * b.puzzle.cols);

/** Any technique code standing as a word of its own (codes are never words of English). */
const codePattern = new RegExp(
  `(^|[^A-Za-z0-9-])(${techniqueCodes.map((c) => c.replace(/[*-]/g, (m) => `\\${m}`)).join('|')})(?=$|[^A-Za-z0-9-])`,
);

type StepJson = Extract<HintJson, { kind: 'step' }>;

/**
 * The first step of technique `code` met while playing the sample (smallest puzzles first) with
 * the techniques cut down to it, each step checked against the published solution on the way.
 */
async function firstStepOf(code: TechniqueCode): Promise<{ json: StepJson; id: string } | undefined> {
  const cut: TechniqueCode[] = [...new Set<TechniqueCode>([code, 'NoB', 'DoW'])];
  for (const { puzzle, id, solution } of sample) {
    const marks: (boolean | null)[] = new Array<null>(puzzle.rows * puzzle.cols).fill(null);
    for (;;) {
      const found = await hint(puzzle, marks, { techniques: cut });
      if (found.kind === 'solution-cell') {
        marks[found.cell] = found.shaded;
        continue;
      }
      if (found.kind !== 'step') break;
      for (const { cell, colour } of found.step.cells) expect(colour === 'black', `${id} ${found.step.reason}`).toBe(solution![cell]);
      const json = hintJson(puzzle, found, marks);
      if (json.kind !== 'step') throw new Error('a step renders as a step');
      if (found.step.technique === code) return { json, id };
      for (const { cell, colour } of found.step.cells) marks[cell] = colour === 'black';
    }
  }
  return undefined;
}

/**
 * Four pairs stacked against the top edge of a 6x6 (rows 1-4, columns 3-4 show 10 10, 11 11,
 * 12 12, 13 13), every other number unique: the pattern of BoP-T (three pairs) and BoP (four),
 * which no fixture puzzle shows. Not a puzzle with one solution: only the words are judged here.
 */
function stackedPairs(): Board {
  const values = Array.from({ length: 36 }, (_, i) => {
    const r = Math.floor(i / 6);
    const c = i % 6;
    return r < 4 && (c === 2 || c === 3) ? 10 + r : 20 + i;
  });
  return new Board({ rows: 6, cols: 6, values, id: 'stacked-pairs' });
}

describe('hint words', () => {
  // The techniques no fixture puzzle needs: worded all the same (the phrase table's type wants
  // every code), judged on stackedPairs, and named here so that one the sample gains shows.
  const notInSample = new Set<TechniqueCode>(['BoP-T', 'BoP']);

  for (const t of techniques.filter((x) => notInSample.has(x.code))) {
    it(`${t.code}: plain words without a technique code on four pairs stacked at an edge`, () => {
      const board = stackedPairs();
      const found = t.find(board, { scope: {}, cursor: { next: 0 } });
      expect(found.length).toBeGreaterThan(0);
      for (const d of found) {
        const words = stepWords(board.puzzle, d);
        expect(words, words).not.toMatch(codePattern);
        expect(words).toMatch(/rows 1-[34], columns 3-4/);
        // The flanking cells beside the stack are white.
        expect(d.cells.every((c) => c.colour === 'white' && (c.cell % 6 === 1 || c.cell % 6 === 4))).toBe(true);
      }
    });
  }

  for (const t of techniques) {
    it(`${t.code}: plain words without a technique code, its full name, a focus on the step, colours as published`, async () => {
      const met = await firstStepOf(t.code);
      if (notInSample.has(t.code)) {
        expect(met, `${t.code} is met after all: take it off notInSample`).toBeUndefined();
        return;
      }
      expect(met, `no fixture puzzle needs ${t.code}`).toBeDefined();
      const { json, id } = met!;
      expect(json.words.length, id).toBeGreaterThan(20);
      expect(json.words, `${id}: ${json.words}`).not.toMatch(codePattern);
      // Cells named as the board labels them, never r5c13.
      expect(json.words, id).not.toMatch(/\br\d+c\d+\b/);
      expect(json.words, id).toMatch(/rows? \d+|columns? \d+/);
      expect(json.name, id).toBe(t.name);
      expect(json.technique, id).toBe(t.code);
      const focus = new Set(json.focus.map(({ row, col }) => `${row},${col}`));
      for (const c of [...json.cells, ...json.premises]) expect(focus.has(`${c.row},${c.col}`), `${id}: ${json.words}`).toBe(true);
      if (t.code === 'Prob' || t.code === 'Prob-2') {
        expect(json.trial, id).toBeDefined();
        const { assumed, cells, why } = json.trial!;
        // The assumption is the decided cell the other way round, and the trial forced cells before its clash.
        expect(assumed).toEqual([{ ...json.cells[0]!, colour: json.cells[0]!.colour === 'black' ? 'white' : 'black' }]);
        expect(cells.length, id).toBeGreaterThan(0);
        expect(why, id).not.toMatch(codePattern);
        expect(json.words, id).toContain(why);
      } else expect(json.trial, id).toBeUndefined();
    });
  }
});

describe('hint words for wrong marks and for a cell from the solution', () => {
  const { puzzle, solution } = sample.find((f) => f.id === 'janko-037')!;

  it('names each wrong mark by its row and column, with what it should be, and looks at those marks', async () => {
    const marks: (boolean | null)[] = solution!.map((black, i) => (i < 60 ? black : null));
    for (const i of [5, 40]) marks[i] = !solution![i];
    const found = await hint(puzzle, marks);
    const json = hintJson(puzzle, found, marks);
    expect(json.kind).toBe('mistakes');
    if (json.kind !== 'mistakes') return;
    expect(json.words).toMatch(/^2 marks are wrong: /);
    for (const i of [5, 40]) {
      const place = `row ${Math.floor(i / puzzle.cols) + 1}, column ${(i % puzzle.cols) + 1}`;
      expect(json.words).toContain(`${place} is ${marks[i] ? 'shaded but should be white' : 'marked white but should be shaded'}`);
    }
    expect(json.focus).toEqual([5, 40].map((i) => ({ row: Math.floor(i / puzzle.cols) + 1, col: (i % puzzle.cols) + 1 })));
  });

  it('gives a cell of the solution in words where the techniques allowed stop, and looks at that cell', async () => {
    // Only the two rules the board carries out itself: they stop at once on an empty board.
    const found = await hint(puzzle, undefined, { techniques: ['NoB', 'DoW'] });
    expect(found.kind).toBe('solution-cell');
    if (found.kind !== 'solution-cell') return;
    expect(found.shaded).toBe(solution![found.cell]);
    const json = hintJson(puzzle, found, undefined);
    if (json.kind !== 'solution-cell') throw new Error('a solution cell renders as one');
    const place = { row: Math.floor(found.cell / puzzle.cols) + 1, col: (found.cell % puzzle.cols) + 1 };
    expect(json.words).toContain(`row ${place.row}, column ${place.col} is shaded`);
    expect(json.focus).toEqual([place]);
  });

  it('the library refuses a circleNeighbours that is not true or false, naming it', async () => {
    const { hint: libraryHint } = await import('../../src/api/library.js');
    await expect(libraryHint(puzzle, undefined, { circleNeighbours: 'yes' as unknown as boolean })).rejects.toThrow(
      /"circleNeighbours" must be true or false/,
    );
  });
});
