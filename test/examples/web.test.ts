/**
 * The browser page's own logic in Node (its rule breaks, its address), and the guard that the
 * page is tested in Chromium in CI. The page itself, in headless Chromium, is tested by concern in
 * test/examples/web-*.test.ts (solve, marks, hints, make, fix, layout; page.ts is their harness).
 */
import { describe, expect, it } from 'vitest';
import { addressOf, marksFrom, marksText, readAddress } from '../../examples/web/address.js';
import { ruleBreaks } from '../../examples/web/breaks.js';
import { chromiumPath } from '../../bench/browser.js';
import { janko001, small } from './page.js';

const inCi = process.env.CI === 'true';
if (chromiumPath === undefined && !inCi)
  console.warn('skipping the browser page tests: no chromium on the PATH (apt-get install chromium)');

describe('the page computes rule breaks from the marks alone', () => {
  const grid = janko001.puzzle;
  const none = () => new Array<boolean | null>(16).fill(null);

  it('finds none on a fresh board, although numbers repeat among the unmarked cells', () => {
    expect(ruleBreaks(grid, none()).every((b) => b === null)).toBe(true);
  });

  it('flags two shaded cells that share an edge, and not two that touch at a corner', () => {
    const marks = none();
    marks[0] = marks[1] = true;
    marks[6] = true;
    expect(ruleBreaks(grid, marks).flatMap((b, i) => (b === null ? [] : [[i, b]]))).toEqual([
      [0, 'touch'],
      [1, 'touch'],
    ]);
  });

  it('flags a number marked white twice in a line, and not a white one beside an unmarked twin', () => {
    const marks = none();
    marks[6] = marks[7] = false; // row 2: 4 3 2 2
    marks[0] = false; // row 1: 3 3, the second not marked
    expect(ruleBreaks(grid, marks).flatMap((b, i) => (b === null ? [] : [[i, b]]))).toEqual([
      [6, 'repeat'],
      [7, 'repeat'],
    ]);
  });

  it('flags the smaller region that shaded cells cut off, unmarked cells counting as white', () => {
    const marks = none();
    marks[1] = marks[4] = true;
    expect(ruleBreaks(grid, marks).flatMap((b, i) => (b === null ? [] : [[i, b]]))).toEqual([[0, 'cut']]);
  });

  it('finds none on the published solution with its white cells marked', () => {
    expect(ruleBreaks(grid, janko001.solution!).every((b) => b === null)).toBe(true);
  });
});

describe('the page keeps the puzzle and the marks in its address', () => {
  it('writes the puzzle alone for a fresh board, and reads it back', () => {
    const address = addressOf(small, new Array(16).fill(null));
    expect(address).toBe(`#${small}`);
    expect(readAddress(address)).toEqual({ puzzle: small, marks: null });
  });

  it('writes x for shaded, o for white and . for unmarked, leaving off trailing dots, and reads them back', () => {
    const marks = [true, null, false, null, ...new Array(12).fill(null)];
    const address = addressOf(small, marks);
    expect(address).toBe(`#${small}&marks=x.o`);
    const read = readAddress(address);
    expect(read.puzzle).toBe(small);
    expect(marksFrom(read.marks!, 16)).toEqual(marks);
    expect(marksText(janko001.solution!)).toBe('oxoooooxoxooxoox');
  });

  it('reads a percent-encoded address as a browser may give it', () => {
    expect(readAddress('#4x4:3314432213423432%26marks=xo')).toEqual({ puzzle: '4x4:3314432213423432', marks: 'xo' });
  });

  it('refuses marks that do not fit the board', () => {
    expect(marksFrom('xo.', 2)).toBeNull();
    expect(marksFrom('xq', 4)).toBeNull();
  });
});

it.runIf(inCi && chromiumPath === undefined)('the browser page test runs in CI', () => {
  throw new Error(
    'in CI (CI=true) the browser page must be tested in Chromium, but there is no chromium on the PATH (apt-get install chromium)',
  );
});
