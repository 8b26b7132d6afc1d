/**
 * An independent truth for the Hitori tests: a brute-force enumerator that tries every shading of
 * a small grid and judges it straight from the rule definitions. It shares no code with
 * src/puzzle/check.ts or encodings/ (only the `Puzzle` shape), so it can referee both.
 *
 * Cells are numbered row-major (i = r * cols + c) like everywhere in the project; a shading is
 * given either as booleans or as a bit mask (bit i set = cell i shaded).
 */
import type { Convention } from '../../src/puzzle/convention.js';

/** The shape of a puzzle this module needs (structurally the project's `Puzzle`). */
export interface Grid {
  readonly rows: number;
  readonly cols: number;
  readonly values: readonly number[];
}

/** Which rules a judgement applies. */
export interface RuleSet {
  /** Rule 1: no number twice among the unshaded cells of a row or column. */
  readonly noRepeat: boolean;
  /** Rule 2: no two shaded cells share an edge. */
  readonly noAdjacentShaded: boolean;
  /** Rule 3: the unshaded cells form one non-empty orthogonally connected region. */
  readonly connected: boolean;
  /** The convention's extra rule (none for `literal`). */
  readonly convention: Convention;
}

export const allRules = (convention: Convention = 'literal'): RuleSet => ({
  noRepeat: true,
  noAdjacentShaded: true,
  connected: true,
  convention,
});

/** The most cells a brute-force enumeration accepts (2^16 = 65,536 shadings). */
const MAX_BRUTE_CELLS = 16;

/** Everything that is wrong with a shading, one flag per rule. */
export interface Judgement {
  readonly repeat: boolean;
  readonly adjacentShaded: boolean;
  /** The unshaded cells are empty or fall apart in more than one region. */
  readonly disconnected: boolean;
  readonly uniqueWhite: boolean;
  readonly shadedDuplicates: boolean;
}

const isShaded = (shading: number, i: number): boolean => ((shading >>> i) & 1) === 1;

/** Judges the shading given as a bit mask (grids of at most 31 cells) against each rule. */
export function judgeMask(grid: Grid, mask: number): Judgement {
  if (grid.rows * grid.cols > 31) throw new RangeError('a bit mask holds at most 31 cells; use judge()');
  return judgeBy(grid, (i) => isShaded(mask, i));
}

/** Judges a shading of any size, given as booleans, against each rule. */
export function judge(grid: Grid, shading: readonly boolean[]): Judgement {
  if (shading.length !== grid.rows * grid.cols)
    throw new RangeError(`the shading has ${shading.length} cells, the grid ${grid.rows * grid.cols}`);
  return judgeBy(grid, (i) => shading[i] === true);
}

/** A cell's shading (`shaded(i)`: whether cell i is black) on its grid, for the rules below. */
interface Shading {
  readonly grid: Grid;
  readonly shaded: (i: number) => boolean;
}

/**
 * Each rule straight from its definition, judged when first read: a test that reads only rules 2
 * and 3 of a 300x300 shading does not pay for rule 1 and the conventions (cubic in the side).
 */
class LazyJudgement implements Judgement {
  #repeat: boolean | undefined;
  #adjacent: boolean | undefined;
  #disconnected: boolean | undefined;
  #conventions: { uniqueWhite: boolean; shadedDuplicates: boolean } | undefined;
  constructor(private readonly shading: Shading) {}
  get repeat(): boolean {
    this.#repeat ??= repeats(this.shading);
    return this.#repeat;
  }
  get adjacentShaded(): boolean {
    this.#adjacent ??= adjacentShaded(this.shading);
    return this.#adjacent;
  }
  get disconnected(): boolean {
    this.#disconnected ??= disconnected(this.shading);
    return this.#disconnected;
  }
  get uniqueWhite(): boolean {
    return this.conventions().uniqueWhite;
  }
  get shadedDuplicates(): boolean {
    return this.conventions().shadedDuplicates;
  }
  private conventions(): { uniqueWhite: boolean; shadedDuplicates: boolean } {
    this.#conventions ??= conventionBreaks(this.shading);
    return this.#conventions;
  }
}

function judgeBy(grid: Grid, shaded: (i: number) => boolean): Judgement {
  return new LazyJudgement({ grid, shaded });
}

/** Rule 1 broken: some pair of unshaded cells of a row or of a column holds equal numbers. */
function repeats({ grid: { rows, cols, values }, shaded }: Shading): boolean {
  const at = (r: number, c: number) => values[r * cols + c]!;
  const shadedAt = (r: number, c: number) => shaded(r * cols + c);
  for (let r = 0; r < rows; r++)
    for (let c1 = 0; c1 < cols; c1++)
      for (let c2 = c1 + 1; c2 < cols; c2++) if (!shadedAt(r, c1) && !shadedAt(r, c2) && at(r, c1) === at(r, c2)) return true;
  for (let c = 0; c < cols; c++)
    for (let r1 = 0; r1 < rows; r1++)
      for (let r2 = r1 + 1; r2 < rows; r2++) if (!shadedAt(r1, c) && !shadedAt(r2, c) && at(r1, c) === at(r2, c)) return true;
  return false;
}

/** Rule 2 broken: a shaded cell with a shaded cell to its right or below. */
function adjacentShaded({ grid: { rows, cols }, shaded }: Shading): boolean {
  const shadedAt = (r: number, c: number) => shaded(r * cols + c);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      if (shadedAt(r, c) && ((c + 1 < cols && shadedAt(r, c + 1)) || (r + 1 < rows && shadedAt(r + 1, c)))) return true;
  return false;
}

/** Rule 3 broken: no unshaded cell, or a flood of them from the first one misses one. */
function disconnected({ grid: { rows, cols }, shaded }: Shading): boolean {
  const n = rows * cols;
  let first = -1;
  for (let i = 0; i < n && first < 0; i++) if (!shaded(i)) first = i;
  if (first < 0) return true;
  const seen = new Uint8Array(n);
  const queue = [first];
  seen[first] = 1;
  const reach = (j: number) => {
    if (seen[j] === 0 && !shaded(j)) {
      seen[j] = 1;
      queue.push(j);
    }
  };
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q]!;
    const r = Math.floor(i / cols);
    const c = i % cols;
    if (r > 0) reach(i - cols);
    if (r + 1 < rows) reach(i + cols);
    if (c > 0) reach(i - 1);
    if (c + 1 < cols) reach(i + 1);
  }
  for (let i = 0; i < n; i++) if (!shaded(i) && seen[i] === 0) return true;
  return false;
}

/**
 * The conventions broken: a shaded cell with no other cell of its value in its row and column
 * (unique-white), or with none of those unshaded (shaded-duplicates).
 */
function conventionBreaks({ grid: { rows, cols, values }, shaded }: Shading): { uniqueWhite: boolean; shadedDuplicates: boolean } {
  const at = (r: number, c: number) => values[r * cols + c]!;
  const shadedAt = (r: number, c: number) => shaded(r * cols + c);
  let uniqueWhite = false;
  let shadedDuplicates = false;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (!shadedAt(r, c)) continue;
      let twins = 0;
      let unshadedTwins = 0;
      for (let k = 0; k < cols; k++) {
        if (k !== c && at(r, k) === at(r, c)) {
          twins++;
          if (!shadedAt(r, k)) unshadedTwins++;
        }
      }
      for (let k = 0; k < rows; k++) {
        if (k !== r && at(k, c) === at(r, c)) {
          twins++;
          if (!shadedAt(k, c)) unshadedTwins++;
        }
      }
      if (twins === 0) uniqueWhite = true;
      if (unshadedTwins === 0) shadedDuplicates = true;
    }
  }
  return { uniqueWhite, shadedDuplicates };
}

/** Whether the shading (bit mask) obeys the chosen rules. */
export function obeysMask(grid: Grid, mask: number, rules: RuleSet): boolean {
  return obeys(judgeMask(grid, mask), rules);
}

function obeys(j: Judgement, rules: RuleSet): boolean {
  if (rules.noRepeat && j.repeat) return false;
  if (rules.noAdjacentShaded && j.adjacentShaded) return false;
  if (rules.connected && j.disconnected) return false;
  if (rules.convention === 'unique-white' && j.uniqueWhite) return false;
  if (rules.convention === 'shaded-duplicates' && j.shadedDuplicates) return false;
  return true;
}

/** Whether the shading is a solution under the convention (all three rules plus its extra one). */
export function isValid(grid: Grid, shading: readonly boolean[], convention: Convention = 'literal'): boolean {
  return obeys(judge(grid, shading), allRules(convention));
}

/** Every shading (as a bit mask, ascending) of a grid of at most 16 cells that obeys the rules. */
export function bruteForceMasks(grid: Grid, rules: RuleSet = allRules()): number[] {
  const n = grid.rows * grid.cols;
  if (n > MAX_BRUTE_CELLS) throw new RangeError(`brute force handles at most ${MAX_BRUTE_CELLS} cells, got ${n}`);
  if (grid.values.length !== n) throw new RangeError(`the grid has ${grid.values.length} values for ${n} cells`);
  // Fast pre-filters with bit tricks, for rule 2 (cell i and i+1 in one row, or i and i+cols both
  // shaded) and rule 1 (both cells of a pair of equal numbers in a line unshaded). They only pass
  // shadings over: judgeMask, which decides, checks every rule again cell by cell. Without them,
  // judging every shading of every 4x4 grid the tests draw took a tenth of the unit tests' CPU.
  let notLastColumn = 0;
  for (let i = 0; i < n; i++) if (i % grid.cols !== grid.cols - 1) notLastColumn |= 1 << i;
  const pairs = rules.noRepeat ? equalPairs(grid) : [];
  const out: number[] = [];
  next: for (let mask = 0; mask < 2 ** n; mask++) {
    if (rules.noAdjacentShaded && ((mask & (mask >>> 1) & notLastColumn) !== 0 || (mask & (mask >>> grid.cols)) !== 0)) continue;
    for (const pair of pairs) if ((mask & pair) === 0) continue next;
    if (obeysMask(grid, mask, rules)) out.push(mask);
  }
  return out;
}

/** The pairs of cells of a line (row or column) that hold equal numbers, each as a two-bit mask. */
function equalPairs({ rows, cols, values }: Grid): number[] {
  const pairs: number[] = [];
  for (let i = 0; i < rows * cols; i++) {
    for (let j = i + 1; j < rows * cols; j++) {
      const sameLine = Math.floor(i / cols) === Math.floor(j / cols) || i % cols === j % cols;
      if (sameLine && values[i] === values[j]) pairs.push((1 << i) | (1 << j));
    }
  }
  return pairs;
}

/** The solutions under each convention at once (one pass over the shadings). */
export function bruteForceByConvention(grid: Grid): Record<Convention, number[]> {
  const literal = bruteForceSolutions(grid, 'literal');
  const out: Record<Convention, number[]> = { literal, 'unique-white': [], 'shaded-duplicates': [] };
  for (const mask of literal) {
    const j = judgeMask(grid, mask);
    if (!j.uniqueWhite) out['unique-white'].push(mask);
    if (!j.shadedDuplicates) out['shaded-duplicates'].push(mask);
  }
  return out;
}

/** Every solution of a grid of at most 16 cells under the convention, as bit masks. */
export function bruteForceSolutions(grid: Grid, convention: Convention = 'literal'): number[] {
  return bruteForceMasks(grid, allRules(convention));
}

export function toMask(shading: readonly boolean[]): number {
  if (shading.length > 31) throw new RangeError('a bit mask holds at most 31 cells');
  let mask = 0;
  shading.forEach((s, i) => {
    if (s) mask |= 1 << i;
  });
  return mask;
}

export function fromMask(mask: number, cells: number): boolean[] {
  return Array.from({ length: cells }, (_, i) => isShaded(mask, i));
}

/** A readable key of a shading: rows of 0/1 joined by "/", e.g. "010/001". */
export function shadingKey(grid: Pick<Grid, 'rows' | 'cols'>, shading: readonly boolean[]): string {
  const rows: string[] = [];
  for (let r = 0; r < grid.rows; r++)
    rows.push(
      shading
        .slice(r * grid.cols, (r + 1) * grid.cols)
        .map((s) => (s ? '1' : '0'))
        .join(''),
    );
  return rows.join('/');
}

/** The number of shaded cells of a mask. */
export function popcount(mask: number): number {
  let count = 0;
  for (let m = mask >>> 0; m !== 0; m &= m - 1) count++;
  return count;
}

/** mulberry32: a small seeded PRNG giving floats in [0, 1), so random grids are reproducible (the fuzzer's). */
export { rng as mulberry32 } from '../../bench/fuzz-lib.js';

/** A random integer in [lo, hi]. */
export function randomInt(rng: () => number, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

/** A random grid with values in 1..maxValue (a small range makes repeats common). */
export function randomGrid(rng: () => number, rows: number, cols: number, maxValue: number): Grid & { id: string } {
  const values = Array.from({ length: rows * cols }, () => randomInt(rng, 1, maxValue));
  return { rows, cols, values, id: `${rows}x${cols}:${values.join('')}` };
}

/** A grid from rows of values, for hand-made cases. */
export function gridOf(rows: readonly (readonly number[])[]): Grid {
  return { rows: rows.length, cols: rows[0]!.length, values: rows.flat() };
}
