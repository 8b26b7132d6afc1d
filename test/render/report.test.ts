/**
 * The solve report's JSON text built from grids rendered one by one (what `solve` prints, each
 * solution rendered as it is found) is the report as `JSON.stringify` writes it, key for key,
 * and the text form is the same whichever way its grids were rendered.
 */
import { Limit } from '../../src/control/limit.js';
import { describe, expect, it } from 'vitest';
import type { Puzzle, Shading } from '../../src/puzzle/puzzle.js';
import { gridJson, RenderedGrids, solveJson, solveReport, solveText } from '../../src/commands/solve/render.js';
import { renderShading } from '../../src/render/text.js';
import { solveWithEngine, type EngineOptions, type EngineResult } from '../../src/solve/engines.js';

const grid = (rows: number[][]): Puzzle => ({ rows: rows.length, cols: rows[0]!.length, values: rows.flat() });
const latin = (n: number) => grid(Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => 1 + ((r + c) % n))));

/** Outcomes of every kind: unique, several solutions, none, stuck with a partial grid, a timeout. */
const cases: [string, Puzzle, EngineOptions][] = [
  [
    'unique (janko 001)',
    grid([
      [3, 3, 1, 4],
      [4, 3, 2, 2],
      [1, 3, 4, 2],
      [3, 4, 3, 2],
    ]),
    {},
  ],
  ['several solutions (a 5x5 Latin square)', latin(5), { engine: 'sat', maxSolutions: 7 }],
  [
    'no solution',
    grid([
      [1, 1],
      [1, 1],
    ]),
    {},
  ],
  [
    'stuck (the rules alone)',
    grid([
      [4, 2, 3, 3],
      [2, 2, 4, 1],
      [1, 4, 2, 3],
      [1, 1, 2, 2],
    ]),
    { engine: 'rules' },
  ],
  ['a timeout (solutions listed so far)', latin(6), { engine: 'sat', maxSolutions: 100000, limit: Limit.after(50) }],
];

describe('solveJson and RenderedGrids', () => {
  it.each(cases)(
    '%s: the JSON text is JSON.stringify of the report, with grids rendered as found or at the end',
    async (_name, puzzle, options) => {
      const found = new RenderedGrids((s) => gridJson(puzzle, s));
      const result: EngineResult = await solveWithEngine(puzzle, { ...options, onSolution: (s: Shading) => found.add(s) });
      const expected = JSON.stringify(solveReport(puzzle, result));
      expect(solveJson(puzzle, result)).toBe(expected);
      expect(solveJson(puzzle, result, (s) => found.get(s))).toBe(expected);
    },
  );

  it.each(cases)('%s: the text form is the same with its grids rendered as found', async (_name, puzzle, options) => {
    const found = new RenderedGrids((s) => renderShading(puzzle, s, {}));
    const result = await solveWithEngine(puzzle, { ...options, onSolution: (s: Shading) => found.add(s) });
    expect(solveText(puzzle, result, {}, (s) => found.get(s))).toBe(solveText(puzzle, result));
  });

  it('renders a solution once when it was added, and on demand when it was not', () => {
    const puzzle = latin(2);
    let calls = 0;
    const grids = new RenderedGrids((s) => {
      calls++;
      return gridJson(puzzle, s);
    });
    const added: Shading = [false, false, false, false];
    grids.add(added);
    expect(grids.get(added)).toBe('[[0,0],[0,0]]');
    expect(grids.get(added)).toBe('[[0,0],[0,0]]');
    expect(calls).toBe(1);
    expect(grids.get([true, false, false, false])).toBe('[[1,0],[0,0]]');
    expect(calls).toBe(2);
  });
});
