/**
 * Grid geometry, the one place that knows what a neighbour, a line and a line mate are. Every
 * layer (encodings, rules, solve, render) reads them from here; only the independent checker
 * (check.ts) states the rules again on its own, so that a bug here cannot hide in both the
 * encoding and its check.
 *
 * The shape of an R x C grid is computed once per size as flat typed arrays, for hot loops that
 * must not allocate per cell: the neighbour lists in compressed form (the neighbours of cell i
 * are `nbr[nbrStart[i]]` up to `nbr[nbrStart[i + 1]]`, in the order up, left, right, down), and
 * the lines. Line mates depend on the numbers as well, so they are computed per puzzle.
 */
import { type Puzzle, roughCount } from './puzzle.js';
import { TooLargeError } from '../control/errors.js';
import { Limit } from '../control/limit.js';

export interface Geometry {
  readonly rows: number;
  readonly cols: number;
  /** R·C: cells are numbered row-major, `i = r * cols + c`. */
  readonly cells: number;
  readonly nbrStart: Int32Array;
  readonly nbr: Int32Array;
  /** Every row (index r), then every column (index rows + c), as the cell indices along it. */
  readonly lines: readonly Int32Array[];
}

/**
 * Geometries by size, most recently used last. Bounded: a long-running process that meets many
 * sizes (a generator, a server) keeps only the last `maxCachedSizes` of them.
 */
const cache = new Map<string, Geometry>();
export const maxCachedSizes = 64;
/**
 * The geometry returned last, which is also the last in the cache's order: a solve of a set of
 * puzzles of one size asks for the same shape twice per puzzle, and this skips making the key.
 */
let last: Geometry | undefined;

/**
 * The shape of an R x C grid, from the cache or built. `limit` is checked once per row while
 * building: a 1000x1000 shape is tens of megabytes, seconds on a loaded machine.
 */
export function geometry(rows: number, cols: number, limit = Limit.none): Geometry {
  if (last !== undefined && last.rows === rows && last.cols === cols) return last;
  const key = `${rows}x${cols}`;
  let g = cache.get(key);
  if (g) {
    cache.delete(key);
    cache.set(key, g);
    last = g;
    return g;
  }
  const cells = rows * cols;
  const nbrStart = new Int32Array(cells + 1);
  const nbr = new Int32Array(2 * (rows * (cols - 1) + cols * (rows - 1)));
  let k = 0;
  for (let r = 0, i = 0; r < rows; r++) {
    limit.check();
    for (let c = 0; c < cols; c++, i++) {
      nbrStart[i] = k;
      if (r > 0) nbr[k++] = i - cols;
      if (c > 0) nbr[k++] = i - 1;
      if (c < cols - 1) nbr[k++] = i + 1;
      if (r < rows - 1) nbr[k++] = i + cols;
    }
  }
  nbrStart[cells] = k;
  // Plain loops: Int32Array.from with a mapping function costs a call per cell (0.2 s at 1000x1000).
  // One buffer for every line, each line a view of it.
  const all = new Int32Array(2 * cells);
  const lines: Int32Array[] = [];
  for (let r = 0; r < rows; r++) {
    const line = all.subarray(r * cols, (r + 1) * cols);
    for (let c = 0; c < cols; c++) line[c] = r * cols + c;
    lines.push(line);
  }
  for (let c = 0; c < cols; c++) {
    limit.check();
    const line = all.subarray(cells + c * rows, cells + (c + 1) * rows);
    for (let r = 0; r < rows; r++) line[r] = r * cols + c;
    lines.push(line);
  }
  g = { rows, cols, cells, nbrStart, nbr, lines };
  cache.set(key, g);
  last = g;
  if (cache.size > maxCachedSizes) cache.delete(cache.keys().next().value!);
  return g;
}

/** The geometry of a puzzle's grid. */
export function geometryOf(puzzle: Pick<Puzzle, 'rows' | 'cols'>, limit = Limit.none): Geometry {
  return geometry(puzzle.rows, puzzle.cols, limit);
}

/** The orthogonal neighbours of cell i, in the order up, left, right, down (a view, not a copy). */
export function neighbours(g: Geometry, i: number): Int32Array {
  return g.nbr.subarray(g.nbrStart[i]!, g.nbrStart[i + 1]!);
}

/** The other cells of i's row and column (its lines), row first. */
export function lineCells(g: Geometry, i: number): number[] {
  const out: number[] = [];
  for (const j of g.lines[rowOf(g, i)]!) if (j !== i) out.push(j);
  for (const j of g.lines[g.rows + colOf(g, i)]!) if (j !== i) out.push(j);
  return out;
}

/** Row and column (0-based) of cell i. */
export function rowOf(g: Pick<Geometry, 'cols'>, i: number): number {
  return Math.floor(i / g.cols);
}
export function colOf(g: Pick<Geometry, 'cols'>, i: number): number {
  return i % g.cols;
}

/**
 * Line mates: for each cell i, the other cells of i's row, then of i's column, that hold i's
 * number (rule 1 speaks of exactly these), in the same compressed layout as the neighbours.
 */
export interface LineMates {
  readonly mateStart: Int32Array;
  readonly mate: Int32Array;
}

/**
 * The most line mates a puzzle may have (each pair of equal numbers in a line counts twice): 50
 * million, 200 MB of cell indices. A line of n equal numbers has n(n - 1) of them, so a long
 * line with few distinct numbers (a 1x100000 row of 1s and 2s: 5 billion) is refused with its
 * count instead of exhausting memory; the CNF limits (encodings/size.ts) refuse such grids too.
 */
const maxLineMates = 50_000_000;

export interface NumberKeys {
  readonly key: Int32Array;
  readonly distinct: number;
}

/**
 * The numbers of a grid renamed 0, 1, 2, ... in order of appearance (`key[i]` for cell i), so that
 * per-number tables are typed arrays of `distinct` entries rather than maps, whatever the numbers.
 */
export function numberKeys(values: readonly number[], key: Int32Array = new Int32Array(values.length)): NumberKeys {
  const distinct = smallNumberKeys(values, key);
  if (distinct >= 0) return { key, distinct };
  const seen = new Map<number, number>();
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    let k = seen.get(v);
    if (k === undefined) {
      k = seen.size;
      seen.set(v, k);
    }
    key[i] = k;
  }
  return { key, distinct: seen.size };
}

/**
 * The table of `smallNumberKeys`, by number, kept from call to call (numbers up to `maxSmallNumber`).
 */
const maxSmallNumber = 1 << 16;
let keyOfNumber = new Int32Array(0);

/**
 * numberKeys without a map, for the usual grid whose numbers are small non-negative integers
 * (a map lookup per cell was most of its cost on the solve path): the number of distinct numbers,
 * or -1 when some number is not such an integer (numberKeys then uses a map).
 */
function smallNumberKeys(values: readonly number[], key: Int32Array): number {
  // Numbers up to a few times the cell count still fit a table (a 1,000,000x1 column of
  // 1..1,000,000 took 7 s of map lookups over a solve); such a table is not kept.
  const max = Math.max(maxSmallNumber, 4 * values.length);
  let top = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    // Not (v >= 0 && v <= max && integer): a NaN fails each test as well.
    if (!(v >= 0 && v <= max && (v | 0) === v)) return -1;
    if (v > top) top = v;
  }
  if (keyOfNumber.length <= top && top <= maxSmallNumber) keyOfNumber = new Int32Array(Math.max(top + 1, 2 * keyOfNumber.length));
  const table = top <= maxSmallNumber ? keyOfNumber : new Int32Array(top + 1);
  table.fill(-1, 0, top + 1);
  let distinct = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    let k = table[v]!;
    if (k < 0) {
      k = distinct++;
      table[v] = k;
    }
    key[i] = k;
  }
  return distinct;
}

/**
 * lineMates' working arrays, kept from call to call for grids of up to this many cells (3 MB): it runs once per
 * puzzle on the solve path, and fresh typed arrays per call are backing stores for the garbage
 * collector to free (see the deduction core, src/rules/core.ts). Its result is one array.
 */
const keptWorkCells = 1 << 17;
let work = new Int32Array(0);

/** What rule 1 asks of the lines of a grid (lineRepeats). */
export interface LineRepeats {
  /** The pairs of equal numbers in a line, summed over the lines (the uniqueness clauses). */
  readonly pairs: number;
  /** The cells beyond the first of each number in a line, Σ (m−1), which rule 1 shades: summed over the rows, and over the columns. */
  readonly byRows: number;
  readonly byCols: number;
  /**
   * The first line (rows 0.., then columns rows..) that needs more shaded cells than it can hold,
   * Σ (m−1) > ⌈L/2⌉ for a line of L cells (rule 2: no two shaded cells touch), or -1. With one,
   * the grid has no solution.
   */
  readonly overfull: number;
}

/**
 * What rule 1 asks of each line (LineRepeats). Lines are walked by index arithmetic over typed
 * arrays (no line lists, no map per line): a million-cell line is counted in milliseconds, before
 * anything of its size is built. `checkpoint` is called every 1024 lines.
 */
export function lineRepeats(puzzle: Pick<Puzzle, 'rows' | 'cols' | 'values'>, checkpoint?: () => void): LineRepeats {
  const { rows, cols, values } = puzzle;
  const { key, distinct } = numberKeys(values);
  const count = new Int32Array(distinct);
  let pairs = 0;
  let overfull = -1;
  const repeats = [0, 0];
  for (const [dir, lines, length, step, lineStep] of [
    [0, rows, cols, 1, cols],
    [1, cols, rows, cols, 1],
  ] as const) {
    for (let l = 0; l < lines; l++) {
      if ((l & 1023) === 1023) checkpoint?.();
      const first = l * lineStep;
      let need = 0;
      for (let k = 0, i = first; k < length; k++, i += step) {
        const seen = count[key[i]!]!++;
        pairs += seen;
        if (seen > 0) need++;
      }
      repeats[dir]! += need;
      if (overfull < 0 && need > Math.ceil(length / 2)) overfull = dir * rows + l;
      for (let k = 0, i = first; k < length; k++, i += step) count[key[i]!] = 0;
    }
  }
  return { pairs, byRows: repeats[0]!, byCols: repeats[1]!, overfull };
}

/** lineMates reads the clock (`limit`) after about this many cells: once per line costs more than a small grid's mates. */
const cellsPerCheck = 4096;

/**
 * `limit` is checked every few thousand cells (a 1000x1000 grid's mates take a while on a loaded
 * machine). `keys`: the puzzle's numberKeys when the caller has them already (the deduction core
 * and the board keep them), so that they are not made twice per puzzle. `reuse`: an array the
 * result may live in when it is large enough (the deduction core's, kept from solve to solve);
 * otherwise the result is a new array, which the caller may keep for the next time
 * (`mateStart.buffer`).
 */
export function lineMates(
  puzzle: Pick<Puzzle, 'rows' | 'cols' | 'values'>,
  limit = Limit.none,
  keys?: NumberKeys,
  reuse?: Int32Array,
): LineMates {
  const g = geometryOf(puzzle, limit);
  const { cells, lines, rows } = g;
  const size = 10 * cells + 1;
  let scratch = work;
  if (scratch.length < size) {
    scratch = new Int32Array(size);
    if (cells <= keptWorkCells) work = scratch;
  }
  const part = (k: number, length: number) => scratch.subarray(k * cells, k * cells + length);
  const { key, distinct } = keys ?? numberKeys(puzzle.values, part(0, cells));
  if (rows <= maskedSide && g.cols <= maskedSide) return maskedMates(g, key, distinct, scratch.subarray(cells), reuse);
  // Per line, the cells of each number as a linked list in line order (by number: the line that
  // last saw it, its first and last cell and how many; by cell: the next one of its number in its
  // row and in its column, and the first one there). Two passes over each line and one over the
  // cells, with no allocation per cell: this runs once per puzzle on the solve path, where the
  // quadratic scan it replaced cost more than the deductions themselves.
  const seenIn = part(1, distinct).fill(-1);
  const first = part(2, distinct);
  const last = part(3, distinct);
  const count = part(4, distinct);
  const rowNext = part(5, cells);
  const colNext = part(6, cells);
  const rowFirst = part(7, cells);
  const colFirst = part(8, cells);
  const start = part(9, cells + 1).fill(0);
  let total = 0;
  let unchecked = 0;
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l]!;
    unchecked += line.length;
    if (unchecked >= cellsPerCheck) {
      limit.check();
      unchecked = 0;
    }
    const next = l < rows ? rowNext : colNext;
    const firstOf = l < rows ? rowFirst : colFirst;
    for (let t = 0; t < line.length; t++) {
      const i = line[t]!;
      const k = key[i]!;
      if (seenIn[k] !== l) {
        seenIn[k] = l;
        first[k] = i;
        count[k] = 1;
      } else {
        next[last[k]!] = i;
        count[k]!++;
      }
      last[k] = i;
      next[i] = -1;
    }
    for (let t = 0; t < line.length; t++) {
      const i = line[t]!;
      const k = key[i]!;
      firstOf[i] = first[k]!;
      start[i + 1]! += count[k]! - 1;
      total += count[k]! - 1;
    }
    // Checked line by line, before a count can pass what an Int32Array index holds.
    if (total > maxLineMates)
      throw new TooLargeError(
        `the ${puzzle.rows}x${puzzle.cols} grid has too many pairs of equal numbers in its rows and columns (${roughCount(total / 2)} in its first ${l + 1} line(s)); at most ${roughCount(maxLineMates / 2)} are handled`,
      );
  }
  for (let i = 0; i < cells; i++) start[i + 1]! += start[i]!;
  const result = reuse !== undefined && reuse.length >= cells + 1 + total ? reuse : new Int32Array(cells + 1 + total);
  result.set(start);
  const mateStart = result.subarray(0, cells + 1);
  const mate = result.subarray(cells + 1, cells + 1 + total);
  for (let i = 0, at = 0; i < cells; i++) {
    if ((i & 4095) === 0) limit.check();
    for (let j = rowFirst[i]!; j >= 0; j = rowNext[j]!) if (j !== i) mate[at++] = j;
    for (let j = colFirst[i]!; j >= 0; j = colNext[j]!) if (j !== i) mate[at++] = j;
  }
  return { mateStart, mate };
}

/** Grids up to this many rows and columns get their line mates from bit masks (maskedMates). */
const maskedSide = 32;

/**
 * lineMates on a grid of at most 32 rows and columns (every bundled puzzle but the 48x48 and
 * 50x50 ones), the same mates in the same order: per cell, the positions of its number in its row
 * and in its column as bit masks (one pass per line sets a mask per number, one reads it per
 * cell, one clears it), then the mates read off the bits in line order. A third of the linked
 * lists' cost, which every hybrid solve pays. `scratch`: at least 2 * cells + distinct.
 */
function maskedMates(g: Geometry, key: Int32Array, distinct: number, scratch: Int32Array, reuse?: Int32Array): LineMates {
  const { rows, cols, cells } = g;
  // scratch[i]: cell i's row mask, scratch[cells + i] its column mask; from 2 * cells: per number, the mask of the line at hand.
  const s = scratch;
  const acc = 2 * cells;
  s.fill(0, acc, acc + distinct);
  for (let r = 0, base = 0; r < rows; r++, base += cols) {
    for (let c = 0, bit = 1; c < cols; c++, bit <<= 1) s[acc + key[base + c]!]! |= bit;
    for (let c = 0, bit = 1; c < cols; c++, bit <<= 1) s[base + c] = s[acc + key[base + c]!]! & ~bit;
    for (let c = 0; c < cols; c++) s[acc + key[base + c]!] = 0;
  }
  for (let c = 0; c < cols; c++) {
    for (let i = c, bit = 1; i < cells; i += cols, bit <<= 1) s[acc + key[i]!]! |= bit;
    for (let i = c, bit = 1; i < cells; i += cols, bit <<= 1) s[cells + i] = s[acc + key[i]!]! & ~bit;
    for (let i = c; i < cells; i += cols) s[acc + key[i]!] = 0;
  }
  // Counted with no branch on the masks: on a puzzle's numbers a branch per mask is mispredicted
  // about as often as not, and that was most of this function's time.
  let total = 0;
  for (let i = 0; i < cells; i++) total += bitCount(s[i]!) + bitCount(s[cells + i]!);
  // One entry more than the mates: the fill below writes a cell's first mate in a line before it
  // knows whether there is one, so its last write may land one past them.
  const result = reuse !== undefined && reuse.length >= cells + 2 + total ? reuse : new Int32Array(cells + 2 + total);
  const at0 = cells + 1;
  let at = at0;
  for (let r = 0, i = 0, base = 0; r < rows; r++, base += cols)
    for (let c = 0; c < cols; c++, i++) {
      result[i] = at - at0;
      // The lowest bit first: the mates in line order, the row's and then the column's. A cell
      // has at most one mate in a line as a rule: that one is written, and counted only when it
      // is there, with no branch on the mask (mispredicted about as often as not); a loop takes
      // any others.
      let m = s[i]!;
      result[at] = base + 31 - Math.clz32(m & -m);
      at += (m | -m) >>> 31;
      for (m &= m - 1; m !== 0; m &= m - 1) result[at++] = base + 31 - Math.clz32(m & -m);
      m = s[cells + i]!;
      result[at] = (31 - Math.clz32(m & -m)) * cols + c;
      at += (m | -m) >>> 31;
      for (m &= m - 1; m !== 0; m &= m - 1) result[at++] = (31 - Math.clz32(m & -m)) * cols + c;
    }
  result[cells] = total;
  return { mateStart: result.subarray(0, cells + 1), mate: result.subarray(at0, at0 + total) };
}

/** The set bits of a 32-bit mask, with no branch. */
function bitCount(m: number): number {
  let x = m - ((m >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** The line mates of cell i (a view, not a copy). */
export function matesOf(m: LineMates, i: number): Int32Array {
  return m.mate.subarray(m.mateStart[i]!, m.mateStart[i + 1]!);
}

/** The mirrors and rotations of an R x C board other than the identity (7 for a square, 3 otherwise), as source cells. */
export function boardSymmetries(rows: number, cols: number): Int32Array[] {
  const maps: ((r: number, c: number) => [number, number])[] = [
    (r, c) => [rows - 1 - r, c],
    (r, c) => [r, cols - 1 - c],
    (r, c) => [rows - 1 - r, cols - 1 - c],
  ];
  // A square also has its transposes and quarter turns (source row, column of target r, c).
  if (rows === cols)
    maps.push(
      (r, c) => [c, r],
      (r, c) => [cols - 1 - c, rows - 1 - r],
      (r, c) => [c, rows - 1 - r],
      (r, c) => [cols - 1 - c, r],
    );
  return maps.map((map) => {
    const source = new Int32Array(rows * cols);
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const [sr, sc] = map(r, c);
        source[r * cols + c] = sr * cols + sc;
      }
    return source;
  });
}

/**
 * The ring of eight cells around a cell, clockwise from the one above, as row and column offsets
 * (read through `ringCell`). Consecutive positions touch (share an edge or a corner), and so do the last and the first; the
 * even positions are the cell's orthogonal neighbours. The rule engine reads black walls on it
 * (whether a new black cell closes a loop), the generator the white cells around a cell.
 */
const ringRows = [-1, -1, 0, 1, 1, 1, 0, -1] as const;
const ringCols = [0, 1, 1, 1, 0, -1, -1, -1] as const;

/** The cell at position k (0..7) of the ring around row r, column c of a rows x cols grid; -1 off the grid. */
export function ringCell(rows: number, cols: number, r: number, c: number, k: number): number {
  const rr = r + ringRows[k]!;
  const cc = c + ringCols[k]!;
  return rr < 0 || rr >= rows || cc < 0 || cc >= cols ? -1 : rr * cols + cc;
}
