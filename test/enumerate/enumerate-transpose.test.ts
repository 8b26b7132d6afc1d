/**
 * Two checks of the enumerator that need no brute force over the classes:
 * - Transposing a grid maps the classes of RxC over c symbols one to one onto those of CxR (a
 *   renaming of the symbols commutes with it) and keeps every solution, under every convention;
 *   and the rule engine treats rows and columns alike. So both orientations must give the same
 *   counts and histogram, although the enumerator walks them differently: its sequences are read
 *   row-major, so the lines it completes first, and where it cuts the walk, are not the same.
 * - 3x6 over 4 symbols (2.9 x 10^9 classes, BENCH.md enumerate-3x6-4-routes) has no solution at
 *   all: a row of six cells over four symbols repeats at least two, so shades at least two, and
 *   no shading of 3x6 that keeps rules 2 and 3 (judged by the brute-force module on every
 *   shading) shades two in every row. Shards of the enumerator must find none.
 */
import { describe, expect, it } from 'vitest';
import {
  buildTables,
  Enumerator,
  type EnumerateOptions,
  type EnumerationCounts,
  type EnumerationSize,
} from '../../src/enumerate/enumerate.js';
import { rateClassifier } from '../../src/enumerate/enumerate-run.js';
import { shardItems } from '../../src/enumerate/enumerate-split.js';
import { conventions } from '../../src/puzzle/convention.js';
import { judgeMask } from '../support/brute-force.js';

function enumerateAll(size: EnumerationSize, options: EnumerateOptions = {}): EnumerationCounts {
  const enumerator = new Enumerator(buildTables(size), options);
  enumerator.run(new Uint8Array(0));
  return enumerator.counts();
}

describe('enumerate: a board and its transpose', () => {
  it.each([
    [2, 3, 3, true],
    [2, 4, 4, true],
    [3, 4, 3, false],
    [2, 5, 5, false],
    [3, 4, 4, false],
  ])('%ix%i and its transpose over %i symbols have the same counts per convention (and histogram: %s)', (rows, cols, symbols, rated) => {
    const size = { rows, cols, symbols };
    const transposed = { rows: cols, cols: rows, symbols };
    const options = (s: EnumerationSize): EnumerateOptions => (rated ? { classify: rateClassifier(s, 'thesis') } : {});
    const a = enumerateAll(size, options(size));
    const b = enumerateAll(transposed, options(transposed));
    expect(b).toEqual(a);
    // Not a vacuous agreement: both orientations have unique grids.
    expect(a.conventions['shaded-duplicates'].unique).toBeGreaterThan(0);
  });
});

describe('enumerate: 3x6 over 4 symbols has no solution', () => {
  const rows = 3;
  const cols = 6;
  const symbols = 4;

  it('no shading of 3x6 obeys rules 2 and 3 with at least two shaded cells in every row', () => {
    const cells = rows * cols;
    const grid = { rows, cols, values: Array.from({ length: cells }, (_, i) => i + 1) };
    const shadedInRow = (mask: number, r: number) => {
      let k = 0;
      for (let c = 0; c < cols; c++) k += (mask >>> (r * cols + c)) & 1;
      return k;
    };
    let valid = 0;
    let roomy = 0;
    for (let mask = 0; mask < 2 ** cells; mask++) {
      const j = judgeMask(grid, mask);
      if (j.adjacentShaded || j.disconnected) continue;
      valid++;
      if ([0, 1, 2].every((r) => shadedInRow(mask, r) >= cols - symbols)) roomy++;
    }
    expect(valid).toBeGreaterThan(0);
    expect(roomy).toBe(0);
  });

  it.each([0, 2730])('shard %i of 4096 of the enumeration finds no solution under any convention', (index) => {
    const size = { rows, cols, symbols };
    const enumerator = new Enumerator(buildTables(size), { classify: rateClassifier(size, 'thesis') });
    for (const item of shardItems(size, { index, count: 4096 })) enumerator.run(item);
    const counts = enumerator.counts();
    expect(counts.classes).toBeGreaterThan(0);
    for (const c of conventions) expect(counts.conventions[c]).toEqual({ none: counts.classes, unique: 0, multiple: 0 });
  });
});
