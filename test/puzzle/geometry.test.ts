/** The shared grid geometry, against the definitions: neighbours share an edge, lines are rows and columns. */
import { describe, expect, it } from 'vitest';
import { geometry, lineMates, lineRepeats, matesOf, maxCachedSizes, neighbours, numberKeys, ringCell } from '../../src/puzzle/geometry.js';
import type { Puzzle } from '../../src/puzzle/puzzle.js';
import { bruteForceSolutions, gridOf, mulberry32, randomGrid, randomInt } from '../support/brute-force.js';

// 1 2 1
// 3 4 2
// 1 5 6
const sample = gridOf([
  [1, 2, 1],
  [3, 4, 2],
  [1, 5, 6],
]);

describe('geometry', () => {
  it('neighbours are exactly the cells one step up, left, right or down, in that order', () => {
    for (const [rows, cols] of [
      [1, 1],
      [1, 5],
      [4, 1],
      [3, 4],
      [5, 5],
    ] as const) {
      const g = geometry(rows, cols);
      for (let i = 0; i < rows * cols; i++) {
        // Up, left, right, down is ascending index order: every cell at Manhattan distance 1, in order.
        const distance = (j: number) => Math.abs(Math.floor(i / cols) - Math.floor(j / cols)) + Math.abs((i % cols) - (j % cols));
        const expected = Array.from({ length: rows * cols }, (_, j) => j).filter((j) => distance(j) === 1);
        expect(Array.from(neighbours(g, i))).toEqual(expected);
      }
    }
  });

  it('lines are every row, then every column, each in order', () => {
    const g = geometry(2, 3);
    expect(g.lines.map((l) => Array.from(l))).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [0, 3],
      [1, 4],
      [2, 5],
    ]);
  });

  it('is computed once per size while the size stays among the recently used ones', () => {
    expect(geometry(7, 9)).toBe(geometry(7, 9));
  });

  it('keeps a bounded number of sizes: the least recently used one is recomputed, equal but new', () => {
    const first = geometry(101, 1);
    for (let k = 0; k < maxCachedSizes; k++) geometry(1, 200 + k);
    const again = geometry(101, 1);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('numberKeys renames numbers 0, 1, 2, ... in order of appearance, small integers or not', () => {
    expect(Array.from(numberKeys([5, 3, 5, 0, 3]).key)).toEqual([0, 1, 0, 2, 1]);
    expect(numberKeys([5, 3, 5, 0, 3]).distinct).toBe(3);
    for (const values of [
      [2 ** 40, 3, 2 ** 40, -1, 3],
      [0.5, 3, 0.5, 7, 3],
      [70_000, 3, 70_000, 1, 3],
    ]) {
      expect(Array.from(numberKeys(values).key)).toEqual([0, 1, 0, 2, 1]);
      expect(numberKeys(values).distinct).toBe(3);
    }
    // Large numbers in a long grid take the table path; the renaming is the same as a map's.
    const long = Array.from({ length: 30_000 }, (_, i) => 100_000 - (i % 7_000));
    const { key, distinct } = numberKeys(long);
    const byMap = new Map<number, number>();
    for (const v of long) if (!byMap.has(v)) byMap.set(v, byMap.size);
    expect(distinct).toBe(byMap.size);
    expect(Array.from(key)).toEqual(long.map((v) => byMap.get(v)));
  });

  it('lineMates may put its result in an array the caller lends, when it fits, with the same mates', () => {
    const lent = new Int32Array(100).fill(7);
    const m = lineMates(sample as Puzzle, undefined, undefined, lent);
    expect(m.mateStart.buffer).toBe(lent.buffer);
    const fresh = lineMates(sample as Puzzle);
    for (let i = 0; i < 9; i++) expect(Array.from(matesOf(m, i))).toEqual(Array.from(matesOf(fresh, i)));
    expect(lineMates(sample as Puzzle, undefined, undefined, new Int32Array(3)).mateStart.length).toBe(10);
  });

  it('lineMates lists the other cells of the row and column holding the same value', () => {
    const m = lineMates(sample as Puzzle);
    expect(Array.from(matesOf(m, 0)).sort()).toEqual([2, 6]);
    expect(Array.from(matesOf(m, 2))).toEqual([0]);
    expect(Array.from(matesOf(m, 4))).toEqual([]);
    // Cell (2,3) holds 2 and cell (1,2) holds 2: same value, but neither row nor column is shared.
    expect(Array.from(matesOf(m, 5))).toEqual([]);
  });

  it('lineMates gives, per cell, the other cells of its row and then of its column with its number, on grids made one after another', () => {
    // lineMates reuses its working arrays from call to call: every result is kept and checked at
    // the end, so that a later call (larger or smaller) that wrote into an earlier result fails.
    const rng = mulberry32(99);
    const made = Array.from({ length: 40 }, () => {
      const rows = randomInt(rng, 1, 9);
      const cols = randomInt(rng, 1, 9);
      const grid = randomGrid(rng, rows, cols, randomInt(rng, 1, Math.max(rows, cols)));
      return { grid, mates: lineMates(grid) };
    });
    for (const { grid, mates } of made) {
      const { rows, cols, values } = grid;
      for (let i = 0; i < rows * cols; i++) {
        const r = Math.floor(i / cols);
        const c = i % cols;
        const inRow = Array.from({ length: cols }, (_, k) => r * cols + k).filter((j) => j !== i && values[j] === values[i]);
        const inColumn = Array.from({ length: rows }, (_, k) => k * cols + c).filter((j) => j !== i && values[j] === values[i]);
        expect(Array.from(matesOf(mates, i)), `${grid.id} cell ${i}`).toEqual([...inRow, ...inColumn]);
      }
    }
  });

  it('lineMates on either side of 32 rows or columns (bit masks up to 32, linked lists past it): the same mates in the same order', () => {
    const rng = mulberry32(3232);
    for (let k = 0; k < 24; k++) {
      const rows = randomInt(rng, 1, 3) === 1 ? randomInt(rng, 1, 4) : randomInt(rng, 30, 34);
      const cols = randomInt(rng, 1, 3) === 1 ? randomInt(rng, 1, 4) : randomInt(rng, 30, 34);
      // Few numbers (many mates per line) or many; every fourth grid with numbers that are no small integers.
      const grid = randomGrid(rng, rows, cols, randomInt(rng, 1, 2) === 1 ? 3 : rows + cols);
      const values = k % 4 === 3 ? grid.values.map((v) => v * 2 ** 40 + 0.5) : grid.values;
      const mates = lineMates({ rows, cols, values });
      for (let i = 0; i < rows * cols; i++) {
        const r = Math.floor(i / cols);
        const c = i % cols;
        const inRow = Array.from({ length: cols }, (_, j) => r * cols + j).filter((j) => j !== i && values[j] === values[i]);
        const inColumn = Array.from({ length: rows }, (_, j) => j * cols + c).filter((j) => j !== i && values[j] === values[i]);
        expect(Array.from(matesOf(mates, i)), `${rows}x${cols} cell ${i}`).toEqual([...inRow, ...inColumn]);
      }
    }
  });

  it('lineMates refuses, with its count, a grid whose lines hold more pairs of equal numbers than the limit', () => {
    // A 1x100000 row of 1s and 2s: 2 x C(50000, 2) = about 2.5 billion pairs, 5 billion line mates.
    const row = { rows: 1, cols: 100_000, values: Array.from({ length: 100_000 }, (_, i) => 1 + (i % 2)) };
    expect(() => lineMates(row)).toThrow(
      expect.objectContaining({ name: 'TooLargeError', message: expect.stringMatching(/2\.50 billion/) }),
    );
    // Just under the limit: a 1x7000 row of two numbers has 2 x 3500 x 3499 = 24.5 million mates.
    const under = { rows: 1, cols: 7000, values: Array.from({ length: 7000 }, (_, i) => 1 + (i % 2)) };
    expect(matesOf(lineMates(under), 0)).toHaveLength(3499);
  });
});

describe('the ring of eight cells around a cell', () => {
  it('lists the grid cells of the 3x3 block around a cell but the cell itself, clockwise from the one above, each touching the next, the even ones its neighbours, and -1 off the grid', () => {
    for (const [rows, cols] of [
      [1, 1],
      [1, 4],
      [3, 3],
      [4, 6],
    ] as const) {
      const g = geometry(rows, cols);
      for (let i = 0; i < g.cells; i++) {
        const r = Math.floor(i / cols);
        const c = i % cols;
        const ring = Array.from({ length: 8 }, (_, k) => ringCell(rows, cols, r, c, k));
        const block: number[] = [];
        for (let rr = r - 1; rr <= r + 1; rr++)
          for (let cc = c - 1; cc <= c + 1; cc++)
            if ((rr !== r || cc !== c) && rr >= 0 && rr < rows && cc >= 0 && cc < cols) block.push(rr * cols + cc);
        expect(ring.filter((x) => x >= 0).sort((a, b) => a - b)).toEqual(block);
        expect(ring.filter((x, k) => k % 2 === 0 && x >= 0).sort((a, b) => a - b)).toEqual([...neighbours(g, i)].sort((a, b) => a - b));
        // Clockwise from the one above: up, up-right, right, down-right, down, down-left, left, up-left.
        const around = [
          [-1, 0],
          [-1, 1],
          [0, 1],
          [1, 1],
          [1, 0],
          [1, -1],
          [0, -1],
          [-1, -1],
        ] as const;
        for (let k = 0; k < 8; k++) {
          const rr = r + around[k]![0];
          const cc = c + around[k]![1];
          expect(ring[k]).toBe(rr >= 0 && rr < rows && cc >= 0 && cc < cols ? rr * cols + cc : -1);
        }
      }
    }
  });
});

describe('lineRepeats', () => {
  it('counts the pairs of equal numbers and the cells rule 1 shades, per row and per column, as a direct count does', () => {
    const rng = mulberry32(2032);
    for (let k = 0; k < 200; k++) {
      const grid = randomGrid(rng, randomInt(rng, 1, 6), randomInt(rng, 1, 6), randomInt(rng, 1, 5));
      const { rows, cols, values } = grid;
      const lines = [
        ...Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => values[r * cols + c]!)),
        ...Array.from({ length: cols }, (_, c) => Array.from({ length: rows }, (_, r) => values[r * cols + c]!)),
      ];
      const counts = lines.map((line) => [...new Set(line)].map((v) => line.filter((x) => x === v).length));
      const need = counts.map((ms) => ms.reduce((sum, m) => sum + m - 1, 0));
      const result = lineRepeats(grid);
      expect(result.pairs).toBe(counts.flat().reduce((sum, m) => sum + (m * (m - 1)) / 2, 0));
      expect(result.byRows).toBe(need.slice(0, rows).reduce((a, b) => a + b, 0));
      expect(result.byCols).toBe(need.slice(rows).reduce((a, b) => a + b, 0));
      expect(result.overfull).toBe(need.findIndex((n, l) => n > Math.ceil(lines[l]!.length / 2)));
    }
  });

  it('names an overfull line only in grids that brute force finds no solution for', () => {
    const rng = mulberry32(3032);
    let overfull = 0;
    for (let k = 0; k < 300; k++) {
      const grid = randomGrid(rng, randomInt(rng, 1, 4), randomInt(rng, 1, 4), randomInt(rng, 1, 3));
      if (lineRepeats(grid).overfull < 0) continue;
      overfull++;
      expect(bruteForceSolutions(grid), JSON.stringify(grid)).toEqual([]);
    }
    expect(overfull).toBeGreaterThan(20);
  });
});
