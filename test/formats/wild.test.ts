/**
 * Real strings from the wild, each with its source named: they read as their authors meant, the
 * answers that come with them are judged by the independent checker, and the malformed ones are
 * refused with the place named.
 */
import { describe, expect, it } from 'vitest';
import { formatDocument, parseDocument } from '../../src/formats/detect.js';
import { checkShading } from '../../src/puzzle/check.js';
import { solveHitori } from '../../src/solve/solve.js';

const rows = (values: readonly number[], cols: number) =>
  Array.from({ length: values.length / cols }, (_, r) => values.slice(r * cols, (r + 1) * cols));

describe('pzprjs test data (robx/pzprjs, test/script/hitori.js)', () => {
  // The test's URL body "4/4/1114142333214213" on puzz.link, and its pzprv3 files, one line each.
  const url = 'https://puzz.link/p?hitori/4/4/1114142333214213';
  const grid = [
    [1, 1, 1, 4],
    [1, 4, 2, 3],
    [3, 3, 2, 1],
    [4, 2, 1, 3],
  ];
  const file = (answer: string) => `pzprv3/hitori/4/4/1 1 1 4 /1 4 2 3 /3 3 2 1 /4 2 1 3 /${answer}`;

  it('reads the URL as the grid its pzprv3 files spell out, and writes the same URL back', () => {
    const doc = parseDocument(url);
    expect(rows(doc.puzzle.values, 4)).toEqual(grid);
    expect(formatDocument(doc, 'url')).toBe(`${url}\n`);
  });

  it('reads the answer pzprjs accepts as correct, and the checker accepts it too', () => {
    const doc = parseDocument(file('# + # . /+ + + . /# + # . /+ + + # /'));
    expect(rows(doc.puzzle.values, 4)).toEqual(grid);
    expect(doc.solution).toBeDefined();
    expect(checkShading(doc.puzzle, doc.solution!)).toEqual([]);
  });

  it('reads the answers pzprjs rejects, and the checker rejects each for the same rule', () => {
    const cases = [
      ['csAdjacent', '# . . . /# . . . /. . . . /. . . . /', 'adjacent-shaded'],
      ['cuDivideRB', '# . . . /. . . # /# . # . /. # . . /', 'disconnected'],
      ['nmDupRow', '# . . . /. . . . /# . # . /. . . # /', 'repeat'],
    ] as const;
    for (const [code, answer, rule] of cases) {
      const doc = parseDocument(file(answer));
      expect(
        checkShading(doc.puzzle, doc.solution!).map((v) => v.rule),
        code,
      ).toContain(rule);
    }
  });

  it('solves the puzzle to the answer pzprjs accepts, and proves it unique', async () => {
    const doc = parseDocument(url);
    const result = await solveHitori(doc.puzzle);
    expect(result.status).toBe('unique');
    expect([...result.solutions[0]!]).toEqual([...parseDocument(file('# + # . /+ + + . /# + # . /+ + + # /')).solution!]);
  });
});

describe("penpa-edit's puzz.link parser tests (swaroopg92/penpa-edit, test/public/puzz_link_parser.js)", () => {
  it('"Hitori 1": two-digit base-36 tokens decode to the numbers written by hand here, and encode back to the same URL', () => {
    const url = 'https://puzz.link/p?hitori/5/5/1-6i5-1v-2h1n-196-lx-3f45-iu91n-co-269cy5-1v-2h';
    const doc = parseDocument(url);
    // -6i = 6*36+18, -1v = 36+31, -2h = 2*36+17, -19 = 36+9, -lx = 21*36+33, -3f = 3*36+15, -iu = 18*36+30, -co = 12*36+24, -26 = 2*36+6
    expect(rows(doc.puzzle.values, 5)).toEqual([
      [1, 234, 5, 67, 89],
      [1, 23, 45, 6, 789],
      [123, 4, 5, 678, 9],
      [1, 23, 456, 78, 9],
      [12, 34, 5, 67, 89],
    ]);
    expect(formatDocument(doc, 'url')).toBe(`${url}\n`);
  });

  it('"Hitori 3": a plain 8x8 reads row-major and encodes back unchanged', () => {
    const url = 'https://puzz.link/p?hitori/8/8/8416325715684121262378436475273858613542475783762346528431821615';
    const doc = parseDocument(url);
    expect(rows(doc.puzzle.values, 8)[0]).toEqual([8, 4, 1, 6, 3, 2, 5, 7]);
    expect(rows(doc.puzzle.values, 8)[7]).toEqual([3, 1, 8, 2, 1, 6, 1, 5]);
    expect(formatDocument(doc, 'url')).toBe(`${url}\n`);
  });

  it('"Hitori 2": an empty cell is refused, naming the cell', () => {
    const url = 'https://puzz.link/p?hitori/8/8/.%.632..1.6..1.12.23..%3.%7..7..5.6.35%..7.7..7.2.%6.2.%.1..1.1./';
    expect(() => parseDocument(url)).toThrow(
      /row 1, column 1: the cell is empty \("\." at character 32\): Hitori needs a number in every cell/,
    );
  });

  it('"Hitori 4": more characters than the 9x6 grid holds: the first 54 are its cells and the rest is skipped, as pzprjs reads it', () => {
    const url = 'https://puzz.link/p?hitori/9/6/number15burgerkingfootlettucethelastthingyouwantinyourburger';
    const doc = parseDocument(url);
    const cells = 'number15burgerkingfootlettucethelastthingyouwantinyour';
    expect(doc.puzzle.values).toEqual([...cells].map((ch) => Number.parseInt(ch, 36)));
  });
});

describe('cspuz_core (semiexp/cspuz_core, cspuz_rs_puzzles/src/puzzles/hitori.rs)', () => {
  it('its test URL with empty cells is refused at the first empty cell', () => {
    expect(() => parseDocument('https://puzz.link/p?hitori/6/5/111.45.2..453.3.1..2....3.3.1.')).toThrow(
      /row 1, column 4: the cell is empty/,
    );
  });
});

describe("Simon Tatham's Singles (Debian sgt-puzzles 20230122, `sgt-singles --generate 1 <params>`)", () => {
  // IDs printed by Singles itself; Singles generates puzzles with exactly one solution.
  const ids = [
    '5x5:2343412543523324342241254',
    '6x6:632136265213622655511356134265514543',
    '7x5:25347746622754376224721362376471721',
    '10x10:a9268a62584256769312164337781a2675174563451364298695aa469265a1a2618994248782a633822a5a78496994513588',
    '12x12:586c31b46a245b46757614aba9314b79bc8276c3a9634b4c29172c61aac593688bc354141c22b148c69a622344a895681744929c316bb216599417bc2a38ac354cb874846715c259',
  ];

  it('reads each ID (width first, letters from 10) and writes the same ID back', () => {
    for (const id of ids) {
      const doc = parseDocument(id);
      const [w, h] = id.split(':')[0]!.split('x').map(Number);
      expect([doc.puzzle.cols, doc.puzzle.rows]).toEqual([w, h]);
      expect(formatDocument(doc, 'gameid')).toBe(`${id}\n`);
    }
    expect(rows(parseDocument(ids[3]!).puzzle.values, 10)[0]).toEqual([10, 9, 2, 6, 8, 10, 6, 2, 5, 8]);
    expect(rows(parseDocument(ids[2]!).puzzle.values, 7)[4]).toEqual([6, 4, 7, 1, 7, 2, 1]);
  });

  it('every generated puzzle is proven unique by the solver', async () => {
    for (const id of ids) expect((await solveHitori(parseDocument(id).puzzle)).status, id).toBe('unique');
  });

  it("the random seed 8x8de#12345 is refused, naming the command that prints its game ID (Singles' own 8x8:4154...)", () => {
    expect(() => parseDocument('8x8de#12345')).toThrow(/random-seed ID.*sgt-singles --generate 1 '8x8de#12345'/);
    expect(parseDocument('8x8:4154527182516315411825325722576658236716251734712488245773453625').puzzle.values).toHaveLength(64);
  });
});
