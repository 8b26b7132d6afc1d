/**
 * The forms pzprjs (robx/pzprjs, as puzz.link runs it) reads and writes beyond the plain URL and
 * file: its URL parser (src/pzpr/parser.js: query parameters, `_play`/`_edit`, the `v:` field, a
 * flag field, the file-in-URL form, characters after the last cell) and its file reader
 * (src/pzpr/parser.js and src/puzzle/FileData.js: a `v:` first line, sections after the answer
 * grid). The puzzle and its answers are the example data of pzprjs's own test script
 * (test/script/hitori.js); the truth every form is judged by is that script's grid and the
 * answer it accepts, read through the plain forms.
 */
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/formats/detect.js';
import { checkShading } from '../../src/puzzle/check.js';

// robx/pzprjs, test/script/hitori.js: the URL body, and the answer its check accepts (failcheck null).
const body = '4/4/1114142333214213';
const grid = [1, 1, 1, 4, 1, 4, 2, 3, 3, 3, 2, 1, 4, 2, 1, 3];
const accepted = 'pzprv3/hitori/4/4/1 1 1 4 /1 4 2 3 /3 3 2 1 /4 2 1 3 /# + # . /+ + + . /# + # . /+ + + # /';
const acceptedMarks = [true, false, true, null, false, false, false, null, true, false, true, null, false, false, false, true];

describe('puzz.link URLs in the forms pzprjs reads', () => {
  const forms = [
    ['the plain form', `https://puzz.link/p?hitori/${body}`],
    ['the empty variant field "v:"', `https://puzz.link/p?hitori/v:/${body}`],
    ['query parameters before the variety', `https://puzz.link/p?type=player&hitori/${body}`],
    ['the "_play" suffix of the variety', `https://puzz.link/p?hitori_play/${body}`],
    ['the "_edit" suffix of the variety', `https://puzz.link/p?hitori_edit/${body}`],
    ['a flag field before the size', `https://puzz.link/p?hitori/c/${body}`],
    ['a trailing slash', `https://puzz.link/p?hitori/${body}/`],
    ['characters after the last cell', `https://puzz.link/p?hitori/${body}zz9`],
    ['a further field after the cells', `https://puzz.link/p?hitori/${body}/more/fields`],
    ['the pzv.jp host', `http://pzv.jp/p.html?hitori/v:/${body}`],
  ] as const;
  for (const [what, url] of forms)
    it(`reads ${what} as the grid of pzprjs's test script`, () => {
      const doc = parseDocument(url);
      expect(doc.puzzle).toMatchObject({ rows: 4, cols: 4, values: grid });
    });

  it('reads a pzprv3 file carried in the URL (URI-encoded), marks and all', () => {
    const url = `https://puzz.link/p?${encodeURIComponent(accepted).replace(/%2F/g, '/')}`;
    const doc = parseDocument(url);
    expect(doc.puzzle.values).toEqual(grid);
    expect(doc.marks).toEqual(acceptedMarks);
    expect(checkShading(doc.puzzle, doc.solution!)).toEqual([]);
  });
});

describe('pzprv3 files with what pzprjs writes around the grids', () => {
  const file = accepted.replace(/\//g, '\n');
  const forms = [
    ['a "v:" line before the header (the empty variant)', `v:\n${file}`],
    [
      'a grid of crosses after the answer (5x5 marks, as decodeCross reads them)',
      `${file}0 0 0 0 0 \n0 1 0 0 0 \n0 0 0 0 0 \n0 0 0 0 0 \n0 0 0 0 0 \n`,
    ],
    ['a second grid of cell marks after the answer', `${file}. . x . \nx . . . \n. . . x \n. x . . \n`],
    ['trial boards', `${file}TrialData(1)\n1 1 1 4 \n1 4 2 3 \n3 3 2 1 \n4 2 1 3 \n# . . . \n. . . . \n. . . . \n. . . . \n`],
    ['metadata and history', `${file}info:{\n "metadata": {\n  "author": "x"\n },\n "history": {}\n}\n`],
    ['an undo history', `${file}history:{\n "type": "pzpr",\n "datas": []\n}\n`],
    ["an old file's URL line", `${file}http://indi.s58.xrea.com/pzpr/v3/p.html?hitori/${body}\n`],
  ] as const;
  for (const [what, text] of forms)
    it(`reads ${what}: the grid and the marks of the answer pzprjs accepts`, () => {
      const doc = parseDocument(text);
      expect(doc.puzzle.values).toEqual(grid);
      expect(doc.marks).toEqual(acceptedMarks);
    });

  it('reads a file whose answer grid is missing but which has metadata after the numbers', () => {
    const doc = parseDocument(`pzprv3\nhitori\n4\n4\n1 1 1 4 \n1 4 2 3 \n3 3 2 1 \n4 2 1 3 \ninfo:{\n "metadata": {}\n}\n`);
    expect(doc.puzzle.values).toEqual(grid);
    expect(doc.marks).toBeUndefined();
  });
});
