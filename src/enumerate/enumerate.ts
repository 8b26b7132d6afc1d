/**
 * Exhaustive enumeration of Hitori grids up to renaming the symbols (thesis section 7.1).
 *
 * Two R x C grids over C symbols that differ only by a renaming of the symbols have the same
 * solutions, so one representative per class suffices: the restricted-growth sequence, the grid
 * read row-major with each value at most one more than the largest before it (0 first). There are
 * a(c, l) of them (l = R * C cells, at most c symbols): the sum of the Stirling numbers S(l, k)
 * for k <= c, which `classCount` computes by the recurrence N(0, m) = 1,
 * N(r, m) = m N(r - 1, m) + N(r - 1, m + 1) (m symbols used so far, r cells left; the second term
 * only while m < c).
 *
 * Deciding a class without search. A shading is a solution under `literal` when (2) no two shaded
 * cells touch, (3) the unshaded cells are connected, and (1) no line repeats a number among its
 * unshaded cells. (2) and (3) do not depend on the numbers, so the shadings that satisfy them (the
 * valid shadings V, a few hundred for 4x4) are computed once as bit masks. (1) is a conjunction
 * over lines, and for one line it depends only on the line's values and the line's part of the
 * shading; so for every line and every assignment of values to it we precompute the set of valid
 * shadings that satisfy (1) on that line, as a bit set over V. A grid's literal solutions are then
 * the intersection of its lines' sets. The enumeration walks the sequences depth first, cell by
 * cell, and intersects a line's set as soon as its last cell is placed, so the intersection is
 * shared by every sequence with the same prefix; when it becomes empty, every completion has no
 * solution under any convention and is counted at once by N(r, m) without being visited.
 *
 * At a leaf with literal solutions, the other conventions filter them (every solution under
 * `unique-white` or `shaded-duplicates` is one under `literal`):
 * - `unique-white`: no shaded cell whose number occurs nowhere else in its row and column;
 * - `shaded-duplicates`: every shaded cell has an unshaded cell with its number in its row or
 *   column.
 * Grids unique under `shaded-duplicates` (the thesis's population) go to a classifier (the rule
 * engine's rating, given by the caller) for the histogram.
 *
 * Pruning (`prune`, thesis section 7.2): a sequence is dropped when one of its lines cannot be
 * shaded validly on its own. Derived, not listed: a line's values are hopeless exactly when no
 * valid shading satisfies rule 1 on that line, that is when the line's precomputed set is empty.
 * On a grid at least 2 x 2 this is the same as asking the line alone (rule 1, no two adjacent
 * shaded cells along it; any such line shading extends to a valid shading by leaving every other
 * cell unshaded); on a grid one cell thick the line must also keep its unshaded cells connected.
 * A pruned sequence has no solution under any convention, so pruning removes only `none` counts.
 */
import { conventions, type Convention } from '../puzzle/convention.js';
import { geometry, boardSymmetries } from '../puzzle/geometry.js';
import { levels } from '../rules/types.js';
import { Limit } from '../control/limit.js';

export interface EnumerationSize {
  readonly rows: number;
  readonly cols: number;
  /** The number of symbols c: sequences use at most c distinct values. */
  readonly symbols: number;
}

/** Index 0..6 for the classes A..G, 7 for "not solved by the rules". */
type ClassIndex = number;
export const unsolvedIndex = levels.length;
export const histogramKeys = [...levels, 'unsolved'] as const;
type HistogramKey = (typeof histogramKeys)[number];

/**
 * Called for each class unique under `shaded-duplicates`: `values[i]` is cell i's symbol, 0-based.
 * Past `limit` it may throw its TimeoutError: one rating took up to 40 ms on a loaded machine, the
 * first (the rule engine not yet compiled) 200 ms.
 */
export type Classifier = (values: Uint8Array, limit: Limit) => ClassIndex;

export interface Verdicts {
  readonly none: number;
  readonly unique: number;
  readonly multiple: number;
}

/** The counts of an enumeration (or of part of it): plain numbers, summed part by part. */
export interface EnumerationCounts {
  /** Sequences covered, pruned ones included. */
  readonly classes: number;
  /** Sequences dropped by pruning (0 without it). */
  readonly pruned: number;
  /** Per convention, the sequences kept with no, exactly one, and more than one solution. */
  readonly conventions: Readonly<Record<Convention, Verdicts>>;
  /** Over the sequences unique under `shaded-duplicates`: the rule engine's class; null when not computed. */
  readonly histogram: Readonly<Record<HistogramKey, number>> | null;
}

/** The largest board the 32-bit shading masks hold. */
const maxCells = 30;

// Layout of the running counters (a Float64Array, exact up to 2^53).
const CLASSES = 0;
const PRUNED = 1;
const VERDICTS = 2; // 3 conventions x (none, unique, multiple)
const HISTOGRAM = VERDICTS + 3 * conventions.length;
const COUNTERS = HISTOGRAM + histogramKeys.length;

/** Everything that depends only on the size: valid shadings, per-line solution sets, completion counts. */
export interface Tables {
  readonly size: EnumerationSize;
  readonly cells: number;
  /** The valid shadings (rules 2 and 3) as masks, bit i = cell i shaded. */
  readonly shadings: Int32Array;
  /** 32-bit words per bit set over the shadings. */
  readonly words: number;
  /** Bit sets: line l with values coded `code` (digit k = value of the line's k-th cell, base c) at `lineSet[l] + code * words`. */
  readonly sets: Int32Array;
  readonly lineSet: Int32Array;
  /** 1 when the set of (line, code) is empty, at `lineFlag[l] + code`: the line's values cannot be shaded. */
  readonly hopeless: Uint8Array;
  readonly lineFlag: Int32Array;
  /** N(r, m) at `r * (c + 1) + m`: restricted-growth completions of r cells with m symbols used. */
  readonly completions: Float64Array;
  /** Row and column cells of each cell, itself excluded (bit masks). */
  readonly crossMask: Int32Array;
}

/** The number of classes a(c, l) of an R x C board over c symbols (exact below 2^53). */
export function classCount(size: EnumerationSize): number {
  return completionCount(size.rows * size.cols, 0, size.symbols);
}

function completionTable(cells: number, symbols: number): Float64Array {
  const width = symbols + 1;
  const n = new Float64Array((cells + 1) * width);
  for (let m = 0; m <= symbols; m++) n[m] = 1;
  for (let r = 1; r <= cells; r++)
    for (let m = 0; m <= symbols; m++) n[r * width + m] = m * n[(r - 1) * width + m]! + (m < symbols ? n[(r - 1) * width + m + 1]! : 0);
  return n;
}

/** Checks the size and returns a one-line problem, or null when it can be enumerated. */
export function sizeProblem(size: EnumerationSize): string | null {
  const { rows, cols, symbols } = size;
  for (const [name, v] of [
    ['rows', rows],
    ['cols', cols],
    ['symbols', symbols],
  ] as const)
    if (!Number.isSafeInteger(v) || v < 1) return `${name} must be a positive whole number, got ${v}`;
  if (rows * cols > maxCells) return `${rows}x${cols} has ${rows * cols} cells; enumeration handles at most ${maxCells}`;
  // More symbols than a line is long still count: a 4x4 grid can use 5 numbers (no line holds all).
  if (symbols > rows * cols) return `--symbols ${symbols} is more than the ${rows * cols} cells can use`;
  if (classCount(size) > Number.MAX_SAFE_INTEGER)
    return `${rows}x${cols} over ${symbols} symbols has more classes than a count can hold exactly`;
  return null;
}

/** The valid shadings of an R x C board: no two shaded cells adjacent, the unshaded cells one non-empty region. */
function validShadings(rows: number, cols: number): Int32Array {
  const cells = rows * cols;
  const full = cells === 32 ? -1 : (1 << cells) - 1;
  let notFirstCol = 0;
  let notLastCol = 0;
  for (let i = 0; i < cells; i++) {
    if (i % cols !== 0) notFirstCol |= 1 << i;
    if (i % cols !== cols - 1) notLastCol |= 1 << i;
  }
  const out: number[] = [];
  const connected = (shaded: number): boolean => {
    const white = full & ~shaded;
    if (white === 0) return false;
    let reach = white & -white;
    for (;;) {
      const next = (reach | ((reach << 1) & notFirstCol) | ((reach >>> 1) & notLastCol) | (reach << cols) | (reach >>> cols)) & white;
      if (next === reach) return reach === white;
      reach = next;
    }
  };
  // Depth first over the cells, never shading a cell next to a shaded cell above or to the left.
  const walk = (i: number, shaded: number): void => {
    if (i === cells) {
      if (connected(shaded)) out.push(shaded);
      return;
    }
    walk(i + 1, shaded);
    const up = i >= cols && (shaded >>> (i - cols)) & 1;
    const left = i % cols !== 0 && (shaded >>> (i - 1)) & 1;
    if (!up && !left) walk(i + 1, shaded | (1 << i));
  };
  walk(0, 0);
  return Int32Array.from(out);
}

/**
 * The tables of an enumeration: the valid shadings, and per line and filling the shadings that keep
 * rule 1 there. On a 5x5 over 5 symbols that is seconds of work, so it keeps `limit` (checked per
 * line filling): a TimeoutError past it.
 */
export function buildTables(size: EnumerationSize, limit: Limit = Limit.none): Tables {
  const problem = sizeProblem(size);
  if (problem !== null) throw new RangeError(problem);
  const { rows, cols, symbols } = size;
  const cells = rows * cols;
  const shadings = validShadings(rows, cols);
  const words = Math.max(1, Math.ceil(shadings.length / 32));
  const lines = geometry(rows, cols).lines;
  const lineSet = new Int32Array(lines.length);
  const lineFlag = new Int32Array(lines.length);
  let setWords = 0;
  let flags = 0;
  for (const [l, line] of lines.entries()) {
    const codes = symbols ** line.length;
    lineSet[l] = setWords;
    lineFlag[l] = flags;
    setWords += codes * words;
    flags += codes;
  }
  const sets = new Int32Array(setWords);
  const hopeless = new Uint8Array(flags);
  const digits = new Int32Array(Math.max(rows, cols));
  for (const [l, line] of lines.entries()) {
    const codes = symbols ** line.length;
    for (let code = 0; code < codes; code++) {
      limit.check();
      for (let k = 0, rest = code; k < line.length; k++, rest = Math.floor(rest / symbols)) digits[k] = rest % symbols;
      const base = lineSet[l]! + code * words;
      let any = false;
      for (let s = 0; s < shadings.length; s++) {
        // Rule 1 on this line: the unshaded cells' values are distinct.
        let seen = 0;
        let ok = true;
        for (let k = 0; k < line.length && ok; k++) {
          if ((shadings[s]! >>> line[k]!) & 1) continue;
          const bit = 1 << digits[k]!;
          ok = (seen & bit) === 0;
          seen |= bit;
        }
        if (ok) {
          sets[base + (s >>> 5)]! |= 1 << (s & 31);
          any = true;
        }
      }
      hopeless[lineFlag[l]! + code] = any ? 0 : 1;
    }
  }
  const crossMask = new Int32Array(cells);
  for (let i = 0; i < cells; i++) {
    const r = Math.floor(i / cols);
    const c = i % cols;
    for (let k = 0; k < cols; k++) if (k !== c) crossMask[i]! |= 1 << (r * cols + k);
    for (let k = 0; k < rows; k++) if (k !== r) crossMask[i]! |= 1 << (k * cols + c);
  }
  return { size, cells, shadings, words, sets, lineSet, hopeless, lineFlag, completions: completionTable(cells, symbols), crossMask };
}

/** The restricted-growth prefixes of `depth` cells that extend `from` (all of them by default), in lexicographic order. */
export function prefixes(size: EnumerationSize, depth: number, from: Uint8Array = new Uint8Array(0)): Uint8Array[] {
  return [...eachPrefix(size, depth, from)];
}

/** The same prefixes one at a time (each a fresh array), so that a caller keeping few of them holds only those. */
export function* eachPrefix(size: EnumerationSize, depth: number, from: Uint8Array = new Uint8Array(0)): Generator<Uint8Array> {
  const current = new Uint8Array(depth);
  current.set(from);
  function* walk(i: number, used: number): Generator<Uint8Array> {
    if (i === depth) {
      yield current.slice();
      return;
    }
    for (let v = 0; v <= used && v < size.symbols; v++) {
      current[i] = v;
      yield* walk(i + 1, v === used ? used + 1 : used);
    }
  }
  yield* walk(from.length, symbolsUsed(from));
}

/** How many symbols a restricted-growth prefix uses (its largest value plus one). */
function symbolsUsed(prefix: Uint8Array): number {
  return prefix.reduce((m, v) => Math.max(m, v + 1), 0);
}

/** The number of restricted-growth prefixes of `depth` cells (over c symbols). */
export function prefixCount(size: EnumerationSize, depth: number): number {
  return completionCount(depth, 0, size.symbols);
}

/** The number of sequences that extend `prefix` on the board. */
export function sequencesUnder(size: EnumerationSize, prefix: Uint8Array): number {
  return completionCount(size.rows * size.cols - prefix.length, symbolsUsed(prefix), size.symbols);
}

/** N(r, m): the restricted-growth completions of r cells when m of c symbols are used already. */
function completionCount(cells: number, used: number, symbols: number): number {
  return completionTable(cells, symbols)[cells * (symbols + 1) + used]!;
}

export interface EnumerateOptions {
  readonly prune?: boolean;
  /** The rule engine's class for grids unique under `shaded-duplicates`; without it there is no histogram. */
  readonly classify?: Classifier;
  /**
   * Rate one grid per symmetry orbit (default true): the rule engine's class does not change when
   * the board is mirrored or rotated (its techniques treat rows and columns, and both directions,
   * alike; test/generate checks this), so only the orbit's least sequence is rated, and it counts
   * for the whole orbit. Exact for a whole enumeration or a full set of shards; one shard alone
   * counts the orbits whose least sequence it holds.
   */
  readonly symmetry?: boolean;
}

/**
 * The enumerator: counts the sequences extending given prefixes into a running total. One
 * instance per thread; `run` may be called for many prefixes.
 */
export class Enumerator {
  private readonly t: Tables;
  private readonly counters = new Float64Array(COUNTERS);
  private readonly values: Uint8Array;
  /** The bit set after each depth at which a line was closed. */
  private readonly stack: Int32Array;
  private readonly prune: boolean;
  private readonly classify: Classifier | undefined;
  // Per cell: the row it closes (or -1), the column it closes (or -1).
  private readonly closesRow: Int32Array;
  private readonly closesCol: Int32Array;
  private readonly symbolMask: Int32Array;
  private readonly mates: Int32Array;
  private prefix: Uint8Array = new Uint8Array(0);
  /** The sequences that extend the prefix: what a cut inside the prefix skips. */
  private underPrefix = 0;
  /** For each mirror or rotation that keeps the board's shape: the cell each cell comes from. */
  private readonly symmetries: Int32Array[];
  private readonly rename: Int32Array;
  /** The limit of the `run` under way (none between runs). */
  private limit = Limit.none;
  /** Nodes since the clock was last read (it is read after each grid rated too). */
  private steps = 0;

  constructor(tables: Tables, options: EnumerateOptions = {}) {
    this.t = tables;
    const { rows, cols } = tables.size;
    this.values = new Uint8Array(tables.cells);
    this.stack = new Int32Array((tables.cells + 1) * tables.words);
    this.stack.fill(-1, 0, tables.words);
    this.prune = options.prune === true;
    this.classify = options.classify;
    this.closesRow = new Int32Array(tables.cells).fill(-1);
    this.closesCol = new Int32Array(tables.cells).fill(-1);
    for (let r = 0; r < rows; r++) this.closesRow[r * cols + cols - 1] = r;
    for (let c = 0; c < cols; c++) this.closesCol[(rows - 1) * cols + c] = rows + c;
    this.symbolMask = new Int32Array(tables.size.symbols);
    this.mates = new Int32Array(tables.cells);
    this.symmetries = options.symmetry === false ? [] : boardSymmetries(rows, cols);
    this.rename = new Int32Array(tables.size.symbols);
  }

  /**
   * Counts every sequence that starts with `prefix` (a restricted-growth prefix). Past `limit` it
   * throws the limit's TimeoutError and the running total is as it was before the call: an item
   * is counted whole or not at all, since a part of one cannot be merged or resumed. One item of
   * a large board takes seconds, and a loop between items could only stop after it.
   */
  run(prefix: Uint8Array, limit = Limit.none): void {
    const before = limit.bounded ? this.counters.slice() : undefined;
    this.limit = limit;
    this.steps = 0;
    try {
      this.count(prefix);
    } catch (error) {
      if (before !== undefined) this.counters.set(before);
      throw error;
    } finally {
      this.limit = Limit.none;
    }
  }

  private count(prefix: Uint8Array): void {
    this.prefix = prefix;
    this.underPrefix = sequencesUnder(this.t.size, prefix);
    // The shadings beyond the last valid one must never count: clear the top word's spare bits.
    const spare = this.t.words * 32 - this.t.shadings.length;
    this.stack.fill(-1, 0, this.t.words);
    if (spare > 0) this.stack[this.t.words - 1] = -1 >>> spare;
    if (this.t.shadings.length === 0) this.stack.fill(0, 0, this.t.words);
    this.walk(0, 0, 0);
  }

  /** The counts so far. */
  counts(): EnumerationCounts {
    return countsFrom(this.counters, this.classify !== undefined);
  }

  /** The counts since the last `take` (or the start), and a fresh start. */
  take(): EnumerationCounts {
    const counts = this.counts();
    this.counters.fill(0);
    return counts;
  }

  private walk(i: number, used: number, level: number): void {
    // A clock read per 1,024 steps: a few ms of work between reads, and no measurable cost.
    if (++this.steps >= 1024) this.tick();
    const t = this.t;
    if (i === t.cells) {
      this.leaf(level);
      return;
    }
    const symbols = t.size.symbols;
    const first = i < this.prefix.length ? this.prefix[i]! : 0;
    const last = i < this.prefix.length ? first : used < symbols ? used : symbols - 1;
    const row = this.closesRow[i]!;
    const col = this.closesCol[i]!;
    const values = this.values;
    for (let v = first; v <= last; v++) {
      values[i] = v;
      const next = v === used ? used + 1 : used;
      if (row < 0 && col < 0) {
        this.walk(i + 1, next, level);
        continue;
      }
      const rowCode = row < 0 ? -1 : this.rowCode(row);
      const colCode = col < 0 ? -1 : this.colCode(col - t.size.rows);
      if (this.prune && ((row >= 0 && t.hopeless[t.lineFlag[row]! + rowCode]) || (col >= 0 && t.hopeless[t.lineFlag[col]! + colCode]))) {
        const n = this.skipped(i, next);
        this.counters[CLASSES]! += n;
        this.counters[PRUNED]! += n;
        continue;
      }
      const words = t.words;
      const from = level * words;
      const to = from + words;
      const stack = this.stack;
      const sets = t.sets;
      let any = 0;
      if (row >= 0 && col >= 0) {
        const a = t.lineSet[row]! + rowCode * words;
        const b = t.lineSet[col]! + colCode * words;
        for (let w = 0; w < words; w++) any |= stack[to + w] = stack[from + w]! & sets[a + w]! & sets[b + w]!;
      } else {
        const a = row >= 0 ? t.lineSet[row]! + rowCode * words : t.lineSet[col]! + colCode * words;
        for (let w = 0; w < words; w++) any |= stack[to + w] = stack[from + w]! & sets[a + w]!;
      }
      if (any === 0 && !this.prune) {
        // No completion has a solution under any convention: count them without visiting.
        const n = this.skipped(i, next);
        this.counters[CLASSES]! += n;
        for (let k = 0; k < conventions.length; k++) this.counters[VERDICTS + 3 * k]! += n;
        continue;
      }
      this.walk(i + 1, next, level + 1);
    }
  }

  private tick(): void {
    this.steps = 0;
    this.limit.check('while counting an item');
  }

  /** The sequences a cut after cell i skips (`used` symbols used up to it). */
  private skipped(i: number, used: number): number {
    const t = this.t;
    return i + 1 < this.prefix.length ? this.underPrefix : t.completions[(t.cells - i - 1) * (t.size.symbols + 1) + used]!;
  }

  private rowCode(r: number): number {
    const { cols, symbols } = this.t.size;
    let code = 0;
    for (let c = cols - 1, i = r * cols + cols - 1; c >= 0; c--, i--) code = code * symbols + this.values[i]!;
    return code;
  }

  private colCode(c: number): number {
    const { rows, cols, symbols } = this.t.size;
    let code = 0;
    for (let r = rows - 1; r >= 0; r--) code = code * symbols + this.values[r * cols + c]!;
    return code;
  }

  private leaf(level: number): void {
    const t = this.t;
    const counters = this.counters;
    counters[CLASSES]! += 1;
    const base = level * t.words;
    let literal = 0;
    for (let w = 0; w < t.words && literal < 2; w++) {
      let x = this.stack[base + w]!;
      while (x !== 0 && literal < 2) {
        x &= x - 1;
        literal++;
      }
    }
    if (literal === 0) {
      for (let k = 0; k < conventions.length; k++) counters[VERDICTS + 3 * k]! += 1;
      return;
    }
    // Which cells share their number with another cell of their row or column.
    const values = this.values;
    const symbolMask = this.symbolMask.fill(0);
    for (let i = 0; i < t.cells; i++) symbolMask[values[i]!]! |= 1 << i;
    let alone = 0;
    for (let i = 0; i < t.cells; i++) {
      const m = symbolMask[values[i]!]! & t.crossMask[i]!;
      this.mates[i] = m;
      if (m === 0) alone |= 1 << i;
    }
    let uniqueWhite = 0;
    let shadedDuplicates = 0;
    for (let w = 0; w < t.words; w++) {
      let x = this.stack[base + w]!;
      while (x !== 0) {
        const low = x & -x;
        x ^= low;
        const shaded = t.shadings[(w << 5) + 31 - Math.clz32(low)]!;
        if ((shaded & alone) !== 0) continue;
        uniqueWhite++;
        let ok = true;
        for (let s = shaded; s !== 0 && ok; ) {
          const bit = s & -s;
          s ^= bit;
          ok = (this.mates[31 - Math.clz32(bit)]! & ~shaded) !== 0;
        }
        if (ok) shadedDuplicates++;
      }
    }
    counters[VERDICTS + Math.min(literal, 2)]! += 1;
    counters[VERDICTS + 3 + Math.min(uniqueWhite, 2)]! += 1;
    counters[VERDICTS + 6 + Math.min(shadedDuplicates, 2)]! += 1;
    if (shadedDuplicates === 1 && this.classify !== undefined) {
      const weight = this.symmetries.length === 0 ? 1 : this.orbitWeight();
      if (weight > 0) {
        counters[HISTOGRAM + this.classify(values, this.limit)]! += weight;
        // A rating (the rule engine on the grid, 0.05-0.5 ms) costs far more than reading the clock.
        this.tick();
      }
    }
  }

  /**
   * 0 when a mirror or rotation of the grid, renamed to restricted growth, comes before it;
   * otherwise the grid is its orbit's least sequence and the orbit's size is returned.
   */
  private orbitWeight(): number {
    const values = this.values;
    const rename = this.rename;
    let fixed = 1;
    for (const source of this.symmetries) {
      rename.fill(-1);
      let next = 0;
      let order = 0;
      for (let i = 0; i < values.length && order === 0; i++) {
        const raw = values[source[i]!]!;
        if (rename[raw] === -1) rename[raw] = next++;
        order = rename[raw]! - values[i]!;
      }
      if (order < 0) return 0;
      if (order === 0) fixed++;
    }
    return (this.symmetries.length + 1) / fixed;
  }
}

function countsFrom(c: Float64Array, histogram: boolean): EnumerationCounts {
  const verdicts = (k: number): Verdicts => ({
    none: c[VERDICTS + 3 * k]!,
    unique: c[VERDICTS + 3 * k + 1]!,
    multiple: c[VERDICTS + 3 * k + 2]!,
  });
  return {
    classes: c[CLASSES]!,
    pruned: c[PRUNED]!,
    conventions: Object.fromEntries(conventions.map((name, k) => [name, verdicts(k)])) as Record<Convention, Verdicts>,
    histogram: histogram
      ? (Object.fromEntries(histogramKeys.map((key, k) => [key, c[HISTOGRAM + k]!])) as Record<HistogramKey, number>)
      : null,
  };
}

/** Counts with nothing in them, the start of a sum. */
export function emptyCounts(histogram: boolean): EnumerationCounts {
  return countsFrom(new Float64Array(COUNTERS), histogram);
}

/** The sum of two counts (histograms must both be present or both absent). */
export function addCounts(a: EnumerationCounts, b: EnumerationCounts): EnumerationCounts {
  const verdicts = (x: Verdicts, y: Verdicts): Verdicts => ({
    none: x.none + y.none,
    unique: x.unique + y.unique,
    multiple: x.multiple + y.multiple,
  });
  let histogram: Record<HistogramKey, number> | null = null;
  if (a.histogram !== null && b.histogram !== null) {
    const ha = a.histogram;
    const hb = b.histogram;
    histogram = Object.fromEntries(histogramKeys.map((key) => [key, ha[key] + hb[key]])) as Record<HistogramKey, number>;
  } else if (a.histogram !== null || b.histogram !== null) throw new RangeError('cannot add counts with and without a histogram');
  return {
    classes: a.classes + b.classes,
    pruned: a.pruned + b.pruned,
    conventions: Object.fromEntries(conventions.map((name) => [name, verdicts(a.conventions[name], b.conventions[name])])) as Record<
      Convention,
      Verdicts
    >,
    histogram,
  };
}
