/** The pure parts of `npm run bench:peers` (bench/peers-lib.ts). */
import { describe, expect, it } from 'vitest';
import { commonLibrarySources, hasDebSrc, parseHarnessOutput, sameAsShading, singlesGameId } from '../../bench/peers-lib.js';
import { parseGameId } from '../../src/formats/gameid.js';
import { puzzleFromGrid } from '../../src/puzzle/puzzle.js';

describe('singlesGameId', () => {
  it('writes width x height, then one character per cell in reading order', () => {
    const puzzle = puzzleFromGrid([
      [1, 2, 3],
      [3, 1, 1],
    ]);
    expect(singlesGameId(puzzle)).toBe('3x2:123311');
    expect(parseGameId('3x2:123311').puzzle.values).toEqual(puzzle.values);
  });

  it('writes numbers from 10 as letters, as Singles reads them', () => {
    const grid = Array.from({ length: 17 }, (_, r) => Array.from({ length: 17 }, (_, c) => ((r + c) % 17) + 1));
    const id = singlesGameId(puzzleFromGrid(grid));
    expect(id?.slice(0, 23)).toBe('17x17:123456789abcdefgh');
  });

  it('skips a puzzle Singles cannot hold: a number above max(width, height), or a side outside 2..62', () => {
    expect(
      singlesGameId(
        puzzleFromGrid([
          [1, 3],
          [2, 1],
        ]),
      ),
    ).toBeUndefined();
    expect(singlesGameId(puzzleFromGrid([[1]]))).toBeUndefined();
    expect(singlesGameId(puzzleFromGrid([Array.from({ length: 63 }, () => 1), Array.from({ length: 63 }, () => 2)]))).toBeUndefined();
  });
});

describe('parseHarnessOutput', () => {
  it('reads status, median and fastest time, and the grid, in input order', () => {
    const out = parseHarnessOutput('0 solved 61234 60001 #oo.\n1 stuck 9 8 ....\n2 invalid 0 0 -\n', 3);
    expect(out).toEqual([
      { status: 'solved', medianNs: 61234, minNs: 60001, cells: [true, false, false, null] },
      { status: 'stuck', medianNs: 9, minNs: 8, cells: [null, null, null, null] },
      { status: 'invalid', medianNs: 0, minNs: 0, cells: [] },
    ]);
  });

  it('refuses a count that does not match, a line out of order, a malformed line or an unknown status', () => {
    expect(() => parseHarnessOutput('0 solved 1 1 #o\n', 2)).toThrow(/1 result line/);
    expect(() => parseHarnessOutput('1 solved 1 1 #o\n', 1)).toThrow(/index 1/);
    expect(() => parseHarnessOutput('0 solved 1.5 1 #o\n', 1)).toThrow(/is not/);
    expect(() => parseHarnessOutput('0 done 1 1 #o\n', 1)).toThrow(/unknown status/);
    expect(() => parseHarnessOutput('0 solved 1 1 -\n', 1)).toThrow(/with status solved/);
    expect(() => parseHarnessOutput('0 invalid 0 0 ##\n', 1)).toThrow(/with status invalid/);
  });
});

describe('sameAsShading', () => {
  it('holds only when every cell is decided as the shading says', () => {
    expect(sameAsShading([true, false], [true, false])).toBe(true);
    expect(sameAsShading([true, null], [true, false])).toBe(false);
    expect(sameAsShading([false, false], [true, false])).toBe(false);
    expect(sameAsShading([true], [true, false])).toBe(false);
  });
});

describe('commonLibrarySources', () => {
  it("lists the C files of add_library(common ...), without the platform's own", () => {
    const cmake = `project(puzzles LANGUAGES C)
add_library(common
  combi.c divvy.c dsf.c # a comment ) here
  malloc.c misc.c
  \${platform_common_sources})
add_library(other x.c)
`;
    expect(commonLibrarySources(cmake)).toEqual(['combi.c', 'divvy.c', 'dsf.c', 'malloc.c', 'misc.c']);
  });

  it('is undefined without such a list', () => {
    expect(commonLibrarySources('project(puzzles)\n')).toBeUndefined();
    expect(commonLibrarySources(`add_library(common \${sources})\n`)).toBeUndefined();
  });
});

describe('hasDebSrc', () => {
  it('finds a one-line deb-src entry, not a commented one', () => {
    expect(hasDebSrc('deb http://deb.debian.org/debian bookworm main\ndeb-src http://deb.debian.org/debian bookworm main\n')).toBe(true);
    expect(hasDebSrc('deb http://deb.debian.org/debian bookworm main\n# deb-src http://deb.debian.org/debian bookworm main\n')).toBe(false);
  });

  it('finds a deb822 stanza whose Types include deb-src, unless it is disabled', () => {
    const deb = 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\n';
    expect(hasDebSrc(deb)).toBe(false);
    expect(hasDebSrc(`${deb}\nTypes: deb deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\n`)).toBe(true);
    expect(hasDebSrc(`${deb}\nTypes: deb-src\nURIs: http://deb.debian.org/debian\nEnabled: no\n`)).toBe(false);
  });
});
