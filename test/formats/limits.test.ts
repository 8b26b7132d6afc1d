/**
 * The limits every reader shares: a grid over the cell limit is refused from the size its header
 * declares, before a cell is read, with one line naming where the size is written; and reading is
 * linear in the input (a reader that rescans the rest of the file at every row takes seconds on a
 * legal 40000x5 file, and past vitest's 5 s time limit here).
 */
import { describe, expect, it } from 'vitest';
import { refusal } from '../support/refusal.js';
import { parseDocument } from '../../src/formats/detect.js';
import { TimeoutError } from '../../src/control/errors.js';
import { Limit } from '../../src/control/limit.js';
import { expectSame } from '../support/expect-same.js';

const rowOf = (cols: number) => Array.from({ length: cols }, (_, c) => 1 + (c % 9)).join(' ');
const gridOf = (rows: number, cols: number) => Array.from({ length: rows }, () => rowOf(cols)).join('\n');

describe('every reader refuses a grid over 1,000,000 cells from its declared size', () => {
  // The sizes are declared but the cells are missing: the limit must be checked first.
  const cases: [string, string, RegExp][] = [
    [
      'a janko file of size 1001',
      'begin\npuzzle hitori\nsize 1001\nproblem\n1 2\n2 1\nend\n',
      /^input, line 3: the grid has 1,002,001 cells \(1001 rows x 1001 columns\), more than the 1,000,000 supported$/,
    ],
    [
      'a janko file of 1001 rows and 1000 cols',
      'begin\nrows 1001\ncols 1000\nproblem\n1 2\nend\n',
      /^input, line 3: the grid has 1,001,000 cells/,
    ],
    ['a janko file of size 10^20', 'begin\nsize 100000000000000000000\nproblem\n1 2\nend\n', /^input, line 2: the grid has .* cells/],
    [
      'a 1001x1000 puzz.link URL',
      'https://puzz.link/p?hitori/1001/1000/1221',
      /^input: the grid has 1,001,000 cells \(1000 rows x 1001 columns in the URL: hitori\/1001\/1000\), more than the 1,000,000 supported$/,
    ],
    ['a 1000x1001 pzprv3 file', 'pzprv3\nhitori\n1000\n1001\n1 2\n', /^input, line 4: the grid has 1,001,000 cells/],
    ['a one-line pzprv3 file of 10^6 x 2', 'pzprv3/hitori/1000000/2/1 2/', /^input, line 4: the grid has 2,000,000 cells/],
    ['a Singles game ID of 63 columns', '63x2:12', /the width 63 is outside 2\.\.62/],
  ];
  for (const [name, text, expected] of cases) it(name, () => expect(refusal(text)).toMatch(expected));

  it('a janko file with no size line: its 1001x1001 cells counted from the problem section', () => {
    expect(refusal(`begin\npuzzle hitori\nproblem\n${gridOf(1001, 1001)}\nend\n`)).toMatch(
      /^input, line 3: the grid has 1,002,001 cells \(1001 rows x 1001 columns\)/,
    );
  });

  it('a grid of exactly 1,000,000 cells is read', () => {
    const doc = parseDocument(`https://puzz.link/p?hitori/1000/1000/${'1'.repeat(1_000_000)}`);
    expect(doc.puzzle.values).toHaveLength(1_000_000);
  });
});

describe('every reader is linear in its input', () => {
  const grid = gridOf(40_000, 5);
  const text = parseDocument(grid).puzzle;

  it('reads a 40000x5 pzprv3 file as the same puzzle as the text grid', () => {
    const doc = parseDocument(`pzprv3\nhitori\n40000\n5\n${grid}\n${gridOf(40_000, 5).replace(/\d/g, '+')}\n`);
    expectSame(doc.puzzle, text);
    expect(doc.marks).toHaveLength(200_000);
  });

  it('reads a 40000x5 janko file as the same puzzle', () => {
    expectSame(parseDocument(`begin\nrows 40000\ncols 5\nproblem\n${grid}\nend\n`).puzzle, text);
  });

  it('reads a 40000x5 one-line pzprv3 file ("/" for line breaks), and 100,000 blank lines after a grid', () => {
    expectSame(parseDocument(`pzprv3/hitori/40000/5/${grid.replace(/\n/g, '/')}/`).puzzle, text);
    // Format detection looks for a janko "begin" line: it must not rescan the blank lines from each one.
    expect(refusal(`1 2\n${' \n'.repeat(100_000)}x`)).toMatch(/line 100002, row 2, column 1: "x" is not a positive integer/);
  });
});

describe('a large file is read within the time limit, in every format that reads line by line or value by value', () => {
  const spent = () => Limit.after(0, undefined, performance.now() - 1);
  const pzprv3 = (rows: number) => `pzprv3\nhitori\n${rows}\n5\n${gridOf(rows, 5)}\n`;
  const janko = (rows: number) => `begin\nrows ${rows}\ncols 5\nproblem\n${gridOf(rows, 5)}\nend\n`;
  // Indented to over 1 MB with 50,000 values: JSON.parse cannot be stopped, so a bounded read of
  // a text that long goes value by value.
  const json = (rows: number) => JSON.stringify({ grid: Array.from({ length: rows }, () => [1, 2, 3, 4, 5]) }, null, 8);
  const large = { pzprv3: pzprv3(5000), janko: janko(5000), json: json(10_000) };

  it.each(Object.entries(large))('stops a %s file with a timeout when the limit has passed', (_format, text) => {
    expect(() => parseDocument(text, { limit: spent() })).toThrow(TimeoutError);
  });

  it.each(Object.entries(large))('reads the same %s file whole without a limit', (_format, text) => {
    expect(parseDocument(text).puzzle.values).toHaveLength(text === large.json ? 50_000 : 25_000);
  });

  it('reads a large JSON file value by value under a limit to the same puzzle as JSON.parse does', () => {
    expect(parseDocument(large.json, { limit: Limit.after(60_000) }).puzzle).toEqual(parseDocument(large.json).puzzle);
  });

  it.each([
    ['pzprv3', pzprv3(1000)],
    ['janko', janko(1000)],
    ['json', json(1000).replace(/\n */g, '')],
  ])('reads a small %s file whole even under a spent limit (the command reports the limit itself)', (_format, text) => {
    expect(parseDocument(text, { limit: spent() }).puzzle.rows).toBe(1000);
  });
});
