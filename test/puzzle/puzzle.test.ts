/** The names and counts that src/puzzle/puzzle.ts writes into messages. */
import { describe, expect, it } from 'vitest';
import { cellLabel, cellName, roughCount } from '../../src/puzzle/puzzle.js';

describe('a count in a message', () => {
  it('is written exactly below a million, with thousands separators', () => {
    expect(roughCount(0)).toBe('0');
    expect(roughCount(999_999)).toBe('999,999');
  });

  it('is rounded to three figures in millions and billions, the unit chosen after rounding', () => {
    expect(roughCount(25_000_000)).toBe('25.0 million');
    expect(roughCount(999_400_000)).toBe('999 million');
    expect(roughCount(999_600_000)).toBe('1.00 billion');
    expect(roughCount(2_500_000_000)).toBe('2.50 billion');
    expect(roughCount(1_234_567_000_000)).toBe('1,235 billion');
  });
});

describe("a cell's two names", () => {
  it('counts rows and columns from 1, in reading order', () => {
    expect(cellLabel(4, 7)).toBe('r2c4');
    expect(cellName({ cols: 4 }, 6)).toBe('row 2, column 3');
  });
});
