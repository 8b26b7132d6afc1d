/**
 * The Hitori puzzle: a rectangular grid of positive integers.
 *
 * Cells are numbered row-major, `i = r * cols + c`, everywhere in the project (encodings, solver
 * models, the rule engine), so a shading is just one bit per index. Rows and columns are 0-based
 * in code and 1-based in every message a person reads.
 */
export interface Puzzle {
  readonly rows: number;
  readonly cols: number;
  /** `values[r * cols + c]`: the number in row r, column c. */
  readonly values: readonly number[];
  /** A name for the puzzle when its source gives one (JSON `id`, file name). */
  readonly id?: string;
}

/** A shading: `shaded[i]` is true when cell i is black. */
export type Shading = readonly boolean[];

/** Builds a puzzle from `grid[r][c]`; the grid must be rectangular and non-empty. */
export function puzzleFromGrid(grid: readonly (readonly number[])[], id?: string): Puzzle {
  const rows = grid.length;
  const cols = grid[0]?.length ?? 0;
  if (rows === 0 || cols === 0) throw new RangeError('a puzzle needs at least one row and one column');
  const values = new Array<number>(rows * cols);
  for (let r = 0; r < rows; r++) {
    const row = grid[r]!;
    if (row.length !== cols) throw new RangeError(`row ${r + 1} has ${row.length} values, row 1 has ${cols}`);
    // One by one: spreading a row of a million values would overflow the call stack.
    for (let c = 0; c < cols; c++) values[r * cols + c] = row[c]!;
  }
  return id === undefined ? { rows, cols, values } : { rows, cols, values, id };
}

/** `grid[r][c]` of any per-cell array. */
export function toGrid<T>(puzzle: Pick<Puzzle, 'rows' | 'cols'>, cells: readonly T[]): T[][] {
  const grid: T[][] = [];
  for (let r = 0; r < puzzle.rows; r++) grid.push(cells.slice(r * puzzle.cols, (r + 1) * puzzle.cols));
  return grid;
}

/** A shading from rows of 1 (shaded) / 0 (unshaded), the JSON and JSON Lines convention. */
export function shadingFromGrid(grid: readonly (readonly number[])[]): boolean[] {
  return grid.flat().map((v) => v === 1);
}

/** Rows of 1 (shaded) / 0 (unshaded). */
export function shadingToGrid(puzzle: Pick<Puzzle, 'rows' | 'cols'>, shading: Shading): number[][] {
  return toGrid(
    puzzle,
    shading.map((s) => (s ? 1 : 0)),
  );
}

/** Whether two shadings shade exactly the same cells. */
export function sameShading(a: Shading, b: Shading): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/*
 * A cell's two names, 1-based: the short "r3c5" where many cells are named at once (a rule's
 * step, a hint, the cells where two solutions differ), the long "row 3, column 5" in a sentence
 * about one or two cells (a broken rule, a change of repair, a refused pattern).
 */

/** "r3c5": row 3, column 5. */
export function cellLabel(cols: number, i: number): string {
  const r = Math.floor(i / cols);
  return `r${r + 1}c${i - r * cols + 1}`;
}

/** "row 3, column 5". */
export function cellName(puzzle: Pick<Puzzle, 'cols'>, i: number): string {
  const r = Math.floor(i / puzzle.cols);
  return `row ${r + 1}, column ${i - r * puzzle.cols + 1}`;
}

/** A count for a message: 1,234 or 12.3 million or 4.56 billion. */
export function roughCount(x: number): string {
  if (x < 1e6) return x.toLocaleString('en-US');
  // Three significant figures, rounded before the unit is chosen: 999.6 million is "1.00 billion", not "1.00e+3 million".
  if (x < 999.5e6) return `${(x / 1e6).toPrecision(3)} million`;
  const billions = x / 1e9;
  return `${billions < 999.5 ? billions.toPrecision(3) : Math.round(billions).toLocaleString('en-US')} billion`;
}
