/**
 * JSON: an object with `grid` (rows of positive integers) and optionally `id`, `rows`, `cols`
 * (which must agree with the grid). JSON Lines puzzle sets (as in `bench/sets/`) hold one such
 * object per line, with the published `solution` (rows of 1 shaded / 0 unshaded) and
 * `solutions` (0, 1, or 2 meaning "two or more") when known. The document `generate --format
 * json` writes, an object with a list `puzzles` of such objects, is read when it holds one puzzle.
 * The report `solve --to json` writes is such an object too: its `solutions` is then a list of
 * solution grids (each checked like `solution`), and its other fields (`status`, `differ`, ...)
 * are ignored, as any key the format does not name.
 */
import { puzzleFromGrid, shadingFromGrid, shadingToGrid, toGrid, type Puzzle } from '../puzzle/puzzle.js';
import { documentOf, type PuzzleDocument } from './document.js';
import { describeValue, maxCells, parseValue } from './input-error.js';
import { readJson } from './json-syntax.js';
import { InputError, type InputPlace } from '../control/errors.js';
import { Limit } from '../control/limit.js';

/** One puzzle of a set, with what its source says about its solutions. */
export interface PuzzleRecord {
  readonly puzzle: Puzzle;
  /** Rows of 1 (shaded) / 0 (unshaded), when the source publishes the unique solution. */
  readonly solution?: number[][];
  /** 0, 1, or 2 (two or more), when known. */
  readonly solutions?: number;
  readonly difficulty?: string;
  /** The 1-based line of the record in its JSON Lines file (undefined for a lone JSON object). */
  readonly line?: number;
}

/** Reads a JSON Lines set: one record per non-blank line. */
export function parseJsonLines(text: string): PuzzleRecord[] {
  const out: PuzzleRecord[] = [];
  // JSON strings hold no raw line breaks, so a line break always ends a record.
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (let n = 0; n < lines.length; n++) {
    if (lines[n]!.trim() === '') continue;
    out.push(recordFromValue(readJson(lines[n]!, n + 1), { line: n + 1 }));
  }
  return out;
}

/** Parses any JSON text; a syntax error becomes an InputError with its line and column. */
function parseJsonText(text: string): unknown {
  return readJson(text.replace(/^\uFEFF/, ''));
}

function recordFromValue(value: unknown, place: InputPlace, fallbackId?: string, limit = Limit.none): PuzzleRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InputError('expected a JSON object with a "grid"', place);
  const obj = value as Record<string, unknown>;
  const grid = obj['grid'];
  const collection = obj['puzzles'];
  // `generate --format json` writes one document with a "puzzles" list: one puzzle is read as
  // itself; several are a set, which the set-reading commands take as JSON Lines.
  if (grid === undefined && Array.isArray(collection)) {
    if (collection.length === 1) return recordFromValue(collection[0], place, fallbackId, limit);
    throw new InputError(
      `this is a document of ${collection.length} puzzles ("puzzles"), not one puzzle: write them one per line (generate --format jsonl) to read them as a set`,
      place,
    );
  }
  if (!Array.isArray(grid) || grid.length === 0) throw new InputError('"grid" must be a non-empty array of rows', place);
  const cells = grid.reduce((sum: number, row: unknown) => sum + (Array.isArray(row) ? row.length : 0), 0);
  if (cells > maxCells)
    throw new InputError(
      `the grid has ${cells.toLocaleString('en-US')} cells, more than the ${maxCells.toLocaleString('en-US')} supported`,
      place,
    );
  const rows: number[][] = grid.map((row: unknown, r) => {
    if (r > 0 && r % 1024 === 0) limit.check();
    if (!Array.isArray(row) || row.length === 0)
      throw new InputError(`grid row ${r + 1} is not a non-empty array`, { ...place, row: r + 1 });
    return row.map((v: unknown, c) => {
      // The common case first: a place object per cell costs more than the whole check.
      if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 1) return v;
      const at = { ...place, row: r + 1, column: c + 1 };
      if (typeof v === 'string') throw new InputError(`${describeValue(v)} is a string, not a number`, at);
      return parseValue(v, at);
    });
  });
  const width = rows[0]!.length;
  rows.forEach((row, r) => {
    if (row.length !== width)
      throw new InputError(`grid row ${r + 1} has ${row.length} values, row 1 has ${width}`, { ...place, row: r + 1 });
  });
  for (const [key, actual] of [
    ['rows', rows.length],
    ['cols', width],
  ] as const) {
    if (obj[key] !== undefined && obj[key] !== actual) {
      throw new InputError(`"${key}" is ${describeValue(obj[key])} but the grid has ${actual}`, place);
    }
  }
  const id = typeof obj['id'] === 'string' ? obj['id'] : fallbackId;
  const record: { -readonly [K in keyof PuzzleRecord]: PuzzleRecord[K] } = { puzzle: puzzleFromGrid(rows, id) };
  if (place.line !== undefined) record.line = place.line;
  // A malformed `solution` or `solutions` is refused, never dropped: a set whose answers are
  // silently ignored would count every puzzle correct. `null` says "not known".
  if (obj['solution'] !== undefined && obj['solution'] !== null) record.solution = solutionGrid(obj['solution'], rows.length, width, place);
  const solutions = obj['solutions'];
  if (Array.isArray(solutions)) {
    // `solve --to json` lists the solutions it found as grids: each is checked like `solution`,
    // and the first is the document's solution when there is no `solution`.
    const grids = solutions.map((s: unknown, k) => solutionGrid(s, rows.length, width, place, `"solutions" item ${k + 1}`));
    if (record.solution === undefined && grids[0] !== undefined) record.solution = grids[0];
  } else if (solutions !== undefined && solutions !== null) {
    if (!(typeof solutions === 'number' && Number.isSafeInteger(solutions) && solutions >= 0))
      throw new InputError(
        `"solutions" is ${describeValue(solutions)}, expected 0, 1 or 2 (two or more), or a list of solution grids`,
        place,
      );
    record.solutions = solutions;
  }
  if (typeof obj['difficulty'] === 'string') record.difficulty = obj['difficulty'];
  return record;
}

/**
 * A JSON object as a document: its puzzle and, when it carries one, its `solution` (rows of 1
 * shaded / 0 unshaded, the grid's size).
 */
export function parseJsonDocument(text: string, id?: string, limit?: Limit): PuzzleDocument {
  // recordFromValue has checked the solution's shape.
  const { puzzle, solution } = recordFromValue(readJson(text.replace(/^\uFEFF/, ''), 1, limit), {}, id, limit);
  return solution === undefined ? documentOf(puzzle) : documentOf(puzzle, shadingFromGrid(solution));
}

/** The JSON object of a document, in the shape of a `bench/sets` record, on one line. */
export function formatJson({ puzzle, solution }: PuzzleDocument): string {
  const record = {
    ...(puzzle.id === undefined ? {} : { id: puzzle.id }),
    rows: puzzle.rows,
    cols: puzzle.cols,
    grid: toGrid(puzzle, puzzle.values),
    ...(solution === undefined ? {} : { solution: shadingToGrid(puzzle, solution) }),
  };
  return `${JSON.stringify(record)}\n`;
}

/** A `solution`: rows of 0/1 of the grid's size. */
function solutionGrid(solution: unknown, rows: number, cols: number, place: InputPlace, what = '"solution"'): number[][] {
  if (!Array.isArray(solution) || solution.length !== rows)
    throw new InputError(`${what} must be ${rows} rows of ${cols} values, each 1 (shaded) or 0 (unshaded)`, place);
  return solution.map((row: unknown, r) => {
    if (!Array.isArray(row) || row.length !== cols)
      throw new InputError(`${what} row ${r + 1} must have ${cols} cells`, { ...place, row: r + 1 });
    return row.map((cell: unknown, c) => {
      if (cell !== 0 && cell !== 1)
        throw new InputError(`${what} cell is ${describeValue(cell)}, expected 0 or 1`, { ...place, row: r + 1, column: c + 1 });
      return cell;
    });
  });
}

/**
 * The `solution` of a `solve --to json` report, for `puzzle` (what it is wanted for, `purpose`,
 * names it in the errors): rows of 1 shaded / 0 unshaded, the puzzle's size.
 */
export function parseSolutionReport(text: string, puzzle: Pick<Puzzle, 'rows' | 'cols'>, purpose: string): boolean[] {
  const report = parseJsonText(text);
  const solution = (report as { solution?: unknown } | null)?.solution;
  if (!Array.isArray(solution))
    throw new InputError(`no "solution" to ${purpose} (expected the output of \`solve --format json\` with a solution)`);
  if (solution.length !== puzzle.rows) throw new InputError(`the solution has ${solution.length} rows, the puzzle ${puzzle.rows}`);
  solution.forEach((row: unknown, r) => {
    if (!Array.isArray(row) || row.length !== puzzle.cols)
      throw new InputError(`solution row ${r + 1} does not have ${puzzle.cols} cells`, { row: r + 1 });
    row.forEach((cell: unknown, c) => {
      if (cell !== 0 && cell !== 1)
        throw new InputError(`solution cell is ${describeValue(cell)}, expected 0 or 1`, { row: r + 1, column: c + 1 });
    });
  });
  return shadingFromGrid(solution as number[][]);
}
