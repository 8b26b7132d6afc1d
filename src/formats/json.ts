/**
 * JSON: an object with `grid` (rows of positive integers) and optionally `id`, `rows`, `cols`
 * (which must agree with the grid). JSON Lines puzzle sets (as in `bench/sets/`) hold one such
 * object per line, with the published `solution` (rows of 1 shaded / 0 unshaded) and
 * `solutions` (0, 1, or 2 meaning "two or more") when known.
 */
import { puzzleFromGrid, shadingFromGrid, shadingToGrid, toGrid, type Puzzle } from '../puzzle/puzzle.js';
import { documentOf, type PuzzleDocument } from './document.js';
import { InputError, parseValue, type InputPlace } from './input-error.js';
import { jsonErrorOffset } from './json-syntax.js';

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

export function parseJson(text: string, id?: string): Puzzle {
  return recordFromValue(parseJsonValue(text.replace(/^\uFEFF/, ''), 0), {}, id).puzzle;
}

/** Reads a JSON Lines set: one record per non-blank line. */
export function parseJsonLines(text: string): PuzzleRecord[] {
  const out: PuzzleRecord[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    if (lines[n]!.trim() === '') continue;
    out.push(recordFromValue(parseJsonValue(lines[n]!, n), { line: n + 1 }));
  }
  return out;
}

/** Parses any JSON text; a syntax error becomes an InputError with its line and column. */
export function parseJsonText(text: string): unknown {
  return parseJsonValue(text.replace(/^\uFEFF/, ''), 0);
}

function parseJsonValue(text: string, firstLine: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const offset = Math.max(0, jsonErrorOffset(text));
    const before = text.slice(0, offset);
    const line = firstLine + before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    const found = offset < text.length ? `unexpected ${JSON.stringify(text[offset])}` : 'unexpected end of input';
    throw new InputError(`not valid JSON: ${found}`, { line, column });
  }
}

function recordFromValue(value: unknown, place: InputPlace, fallbackId?: string): PuzzleRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InputError('expected a JSON object with a "grid"', place);
  const obj = value as Record<string, unknown>;
  const grid = obj['grid'];
  if (!Array.isArray(grid) || grid.length === 0) throw new InputError('"grid" must be a non-empty array of rows', place);
  const rows: number[][] = grid.map((row: unknown, r) => {
    if (!Array.isArray(row) || row.length === 0)
      throw new InputError(`grid row ${r + 1} is not a non-empty array`, { ...place, row: r + 1 });
    return row.map((v: unknown, c) => {
      const at = { ...place, row: r + 1, column: c + 1 };
      if (typeof v !== 'number') throw new InputError(`${JSON.stringify(v)} is not a positive integer`, at);
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
      throw new InputError(`"${key}" is ${JSON.stringify(obj[key])} but the grid has ${actual}`, place);
    }
  }
  const id = typeof obj['id'] === 'string' ? obj['id'] : fallbackId;
  const record: { -readonly [K in keyof PuzzleRecord]: PuzzleRecord[K] } = { puzzle: puzzleFromGrid(rows, id) };
  if (place.line !== undefined) record.line = place.line;
  if (Array.isArray(obj['solution'])) record.solution = obj['solution'] as number[][];
  if (typeof obj['solutions'] === 'number') record.solutions = obj['solutions'];
  if (typeof obj['difficulty'] === 'string') record.difficulty = obj['difficulty'];
  return record;
}

/**
 * A JSON object as a document: its puzzle and, when it carries one, its `solution` (rows of 1
 * shaded / 0 unshaded, the grid's size).
 */
export function parseJsonDocument(text: string, id?: string): PuzzleDocument {
  const record = recordFromValue(parseJsonValue(text.replace(/^\uFEFF/, ''), 0), {}, id);
  const { puzzle, solution } = record;
  if (solution === undefined) return documentOf(puzzle);
  const fits =
    solution.length === puzzle.rows &&
    solution.every((row) => Array.isArray(row) && row.length === puzzle.cols && row.every((v) => v === 0 || v === 1));
  if (!fits) throw new InputError(`"solution" must be ${puzzle.rows} rows of ${puzzle.cols} values, each 1 (shaded) or 0 (unshaded)`);
  return documentOf(puzzle, shadingFromGrid(solution));
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
