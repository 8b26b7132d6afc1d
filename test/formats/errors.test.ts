/**
 * Malformed input in each format: a one-line InputError that names the problem and where it is
 * (line, row, column, or the character of a URL or ID).
 */
import { describe, expect, it } from 'vitest';
import { refusal } from '../support/refusal.js';
import { parseDocument } from '../../src/formats/detect.js';

describe('a malformed puzz.link URL is refused with its place', () => {
  const cases: [string, RegExp][] = [
    ['https://puzz.link/p?nurikabe/4/4/g5h', /puzzle type "nurikabe", not hitori/],
    ['https://puzz.link/p?hitori/x/4/1234', /width \(columns\) "x" is not a positive whole number/],
    ['https://puzz.link/p?hitori/4', /no height \(rows\)/],
    ['https://puzz.link/p?hitori/2/2/12', /ends after 2 of the 2x2 = 4 cells/],
    ['https://puzz.link/p?hitori/2/2/1203', /row 2, column 1: 0 at character 34 is not a positive integer/],
    ['https://puzz.link/p?hitori/2/2/12-z', /row 2, column 1: "-" at character 34 must be followed by two base-36 digits/],
    ['https://puzz.link/p?hitori/2/2/12@1', /row 2, column 1: the cell holds an unknown number/],
    ['https://puzz.link/p?hitori/2/2/12A1', /row 2, column 1: unexpected character "A"/],
    ['https://puzz.link/p?hitori/2/2/1 2 2 1', /one line with no spaces/],
    ['https://puzz.link/p?hitori/v:x/2/2/1221', /names the variant "x": Hitori has no variants/],
    ['https://puzz.link/p?hitori/2/2/12/1', /row 2, column 1: unexpected character "\/"/],
    ['puzz.link/p/hitori/2/2/1221', /no "\?"/],
  ];
  for (const [text, expected] of cases) it(text, () => expect(refusal(text, 'url')).toMatch(expected));
});

describe('a malformed Singles game ID is refused with its place', () => {
  const cases: [string, RegExp][] = [
    ['17x17dt#12345', /random-seed ID/],
    ['3x3:12312312', /has 8 cell\(s\), a 3x3 grid has 9/],
    ['3x3:1231231234', /has 10 cell\(s\)/],
    ['3x3:123123124', /row 3, column 3: "4" \(4\) at character 13 is outside 1\.\.3/],
    ['3x3:1231?3123', /row 2, column 2: unexpected character "\?"/],
    ['3x3:123103123', /row 2, column 2: "0" \(0\) .* outside 1\.\.3/],
    ['1x3:123', /width 1 is outside 2\.\.62/],
    ['63x2:1', /width 63 is outside 2\.\.62/],
    ['3x3', /not a Singles game ID/],
  ];
  for (const [text, expected] of cases) it(text, () => expect(refusal(text, 'gameid')).toMatch(expected));
});

describe('a malformed pzprv3 file is refused with its line', () => {
  const cases: [string, RegExp][] = [
    ['pzprv3\nnurikabe\n2\n2\n1 2 \n2 1 \n', /line 2: this file is for the puzzle type "nurikabe"/],
    ['pzprv3\nhitori\ntwo\n2\n', /line 3: expected the number of rows, found "two"/],
    ['pzprv3\nhitori\n2\n2\n1 2 \n', /line 6: the file ends before number row 2/],
    ['pzprv3\nhitori\n2\n2\n1 2 \n2 \n', /line 6, row 2: number row 2 has 1 cell\(s\), expected 2/],
    ['pzprv3\nhitori\n2\n2\n1 . \n2 1 \n', /line 5, row 1, column 2: the cell is empty/],
    ['pzprv3\nhitori\n2\n2\n1 - \n2 1 \n', /line 5, row 1, column 2: the cell holds an unknown number/],
    ['pzprv3\nhitori\n2\n2\n1 2 \n2 x \n', /line 6, row 2, column 2: "x" is not a positive integer/],
    ['pzprv3\nhitori\n2\n2\n1 2 \n2 1 \n# x \n. . \n', /line 7, row 1, column 2: "x" is not an answer mark/],
    ['v:x\npzprv3\nhitori\n2\n2\n1 2 \n2 1 \n', /line 1: the variant "x": Hitori has no variants/],
  ];
  for (const [text, expected] of cases) it(JSON.stringify(text), () => expect(refusal(text, 'pzprv3')).toMatch(expected));
});

describe('a malformed janko file is refused with its line', () => {
  const cases: [string, RegExp][] = [
    ['begin\npuzzle sudoku\nsize 2\nproblem\n1 2\n2 1\nend\n', /line 2: this file is for the puzzle type "sudoku"/],
    ['begin\npuzzle hitori\nsize 2\nend\n', /no "problem" section/],
    ['begin\nsize 3\nproblem\n1 2\n2 1\nend\n', /line 3: the problem has 2 row\(s\), the puzzle has 3/],
    ['begin\nsize 2\nproblem\n1 2\n2 1 3\nend\n', /line 5, row 2: problem row 2 has 3 cell\(s\)/],
    ['begin\nsize 2\nproblem\n1 2\n2 -\nend\n', /line 5, row 2, column 2: "-" is not a positive integer/],
    ['begin\nsize 2\nproblem\n1 2\n2 1\nsolution\nx ?\n- -\nend\n', /line 7, row 1, column 2: "\?" is not a solution mark/],
    ['begin\nsize two\nproblem\n1 2\n2 1\nend\n', /line 2: "size" must be a positive whole number/],
    ['begin\n1 2\nproblem\n1 2\n2 1\nend\n', /line 2: unexpected line "1 2" outside a problem or solution section/],
  ];
  for (const [text, expected] of cases) it(JSON.stringify(text), () => expect(refusal(text, 'janko')).toMatch(expected));
});

describe('a JSON solution of the wrong shape is refused', () => {
  it('names the shape it needs', () => {
    expect(refusal('{"grid": [[1, 2], [2, 1]], "solution": [[1, 0]]}')).toMatch(
      /"solution" must be 2 rows of 2 values, each 1 \(shaded\) or 0/,
    );
  });
});

describe('a solve report read as a puzzle: its verdict fields are ignored, its mistakes are not', () => {
  const report = (extra: Record<string, unknown>) =>
    JSON.stringify({
      id: null,
      rows: 2,
      cols: 2,
      grid: [
        [1, 1],
        [2, 3],
      ],
      status: 'multiple',
      solutionsFound: 2,
      differ: [{ row: 1, col: 1 }],
      ...extra,
    });

  it('reads the puzzle, and the first of its "solutions" as the document\'s solution when there is no "solution"', () => {
    const doc = parseDocument(
      report({
        solution: null,
        solutions: [
          [
            [1, 0],
            [0, 0],
          ],
          [
            [0, 1],
            [0, 0],
          ],
        ],
      }),
    );
    expect(doc.puzzle).toEqual({ rows: 2, cols: 2, values: [1, 1, 2, 3] });
    expect(doc.solution).toEqual([true, false, false, false]);
  });

  it('keeps "solution" as the document\'s solution when both are given', () => {
    const doc = parseDocument(
      report({
        solution: [
          [0, 1],
          [0, 0],
        ],
        solutions: [
          [
            [1, 0],
            [0, 0],
          ],
        ],
      }),
    );
    expect(doc.solution).toEqual([false, true, false, false]);
  });

  it('refuses a "solutions" item of the wrong shape, naming it', () => {
    expect(
      refusal(
        report({
          solutions: [
            [
              [1, 0],
              [0, 0],
            ],
            [[1, 0]],
          ],
        }),
      ),
    ).toMatch(/"solutions" item 2 must be 2 rows of 2 values/);
    expect(
      refusal(
        report({
          solutions: [
            [
              [1, 2],
              [0, 0],
            ],
          ],
        }),
      ),
    ).toMatch(/row 1, column 2: "solutions" item 1 cell is 2, expected 0 or 1/);
    expect(refusal(report({ solutions: 'two' }))).toMatch(/"solutions" is "two", expected 0, 1 or 2 \(two or more\), or a list/);
  });

  it('still refuses a grid that disagrees with "rows" or "cols"', () => {
    expect(refusal(report({ rows: 3 }))).toMatch(/"rows" is 3 but the grid has 2/);
  });
});
