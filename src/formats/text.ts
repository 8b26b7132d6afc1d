/**
 * Plain text: one row per line, values separated by white space. Blank lines are ignored; lines
 * may end in LF, CRLF or a lone CR (old Mac files), and a UTF-8 byte order mark is accepted.
 *
 *     3 3 1 4
 *     4 3 2 2
 */
import { puzzleFromGrid, type Puzzle } from '../puzzle/puzzle.js';
import { maxCells, parseValue } from './input-error.js';
import { InputError } from '../control/errors.js';
import { Limit } from '../control/limit.js';

/**
 * Reads a plain-text grid. `limit` is checked at the end of a row every `checkEvery` values: a
 * million values take a while on a loaded machine, while a small grid is read whole, so that a
 * limit spent before it is read is met by the command's own report of it.
 */
export function parseText(text: string, id?: string, limit = Limit.none): Puzzle {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Anything but printable ASCII and its white space (Unicode spaces, full-width digits, control
  // characters) takes the general path, which names such characters in its errors; the common
  // case is scanned by character code.
  const puzzle = /[^\t-\r -~]/.test(body) ? parseGeneral(body, limit) : parseAscii(body, limit);
  return id === undefined ? puzzle : { ...puzzle, id };
}

/** A row-length mismatch, named by the row and the line it is on. */
function rowLengthError(row: number, length: number, width: number, line: number): InputError {
  return new InputError(`row ${row} has ${length} values, row 1 has ${width}`, { line, row });
}

const checkEvery = 1 << 16;

function tooManyCells(line: number, row: number, column: number): InputError {
  const limit = maxCells.toLocaleString('en-US');
  return new InputError(`more than ${limit} values: the largest grid supported has ${limit} cells`, { line, row, column });
}

/**
 * One pass over the character codes, values straight into one typed array: no line array, no
 * token strings, no per-row arrays, no growing array (pushing a million numbers into a plain
 * array costs a quarter of a second on a loaded machine, mostly in the garbage collector). A
 * token that is not a plain run of at most 15 digits (a `+`, a letter, 16 digits or more) goes to
 * `parseValue`, which accepts it or says why not. Every token takes at least two characters with
 * its separator, so half the text's length (and one) bounds the count.
 */
function parseAscii(text: string, limit: Limit): Puzzle {
  const length = text.length;
  const read = new Float64Array(Math.min(maxCells, (length >> 1) + 1));
  let count = 0;
  let line = 1;
  let rows = 0;
  let width = -1;
  let inRow = 0;
  let at = 0;
  let check = checkEvery;
  const endRow = () => {
    if (inRow === 0) return;
    if (count >= check) {
      limit.check();
      check = count + checkEvery;
    }
    rows++;
    if (width === -1) width = inRow;
    else if (inRow !== width) throw rowLengthError(rows, inRow, width, line);
    inRow = 0;
  };
  while (at < length) {
    const code = text.charCodeAt(at);
    if (code === 10 || code === 13) {
      endRow();
      at += code === 13 && text.charCodeAt(at + 1) === 10 ? 2 : 1;
      line++;
      continue;
    }
    if (code === 32 || code === 9 || code === 11 || code === 12) {
      at++;
      continue;
    }
    // A token: up to the next white space or line end.
    const start = at;
    let value = 0;
    let digits = true;
    for (; at < length; at++) {
      const c = text.charCodeAt(at);
      if (c === 32 || c === 10 || c === 13 || c === 9 || c === 11 || c === 12) break;
      if (c >= 48 && c <= 57) value = value * 10 + (c - 48);
      else digits = false;
    }
    if (count === maxCells) throw tooManyCells(line, rows + 1, inRow + 1);
    read[count++] =
      digits && at - start <= 15 && value >= 1 ? value : parseValue(text.slice(start, at), { line, row: rows + 1, column: inRow + 1 });
    inRow++;
  }
  endRow();
  if (rows === 0) throw new InputError('no rows: the input is empty');
  const values = new Array<number>(count);
  for (let i = 0; i < count; i++) values[i] = read[i]!;
  return { rows, cols: width, values };
}

/** The general path: lines split on LF, CRLF or CR, tokens split on any white space; problems in reading order, as the scanner finds them. */
function parseGeneral(text: string, limit: Limit): Puzzle {
  const grid: number[][] = [];
  const lines = text.split(/\r\n|\r|\n/);
  let cells = 0;
  let check = checkEvery;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    if (line.trim() === '') continue;
    if (cells >= check) {
      limit.check();
      check = cells + checkEvery;
    }
    const values: number[] = [];
    const token = /\S+/g;
    for (let m = token.exec(line); m !== null; m = token.exec(line)) {
      if (++cells > maxCells) throw tooManyCells(n + 1, grid.length + 1, values.length + 1);
      values.push(parseValue(m[0], { line: n + 1, row: grid.length + 1, column: values.length + 1 }));
    }
    grid.push(values);
    const width = grid[0]!.length;
    if (values.length !== width) throw rowLengthError(grid.length, values.length, width, n + 1);
  }
  if (grid.length === 0) throw new InputError('no rows: the input is empty');
  return puzzleFromGrid(grid);
}

/** The plain-text form of a puzzle, values right-aligned in columns. */
export function formatText(puzzle: Puzzle): string {
  let width = 1;
  for (const v of puzzle.values) width = Math.max(width, String(v).length);
  let out = '';
  for (let r = 0; r < puzzle.rows; r++) {
    const row = puzzle.values.slice(r * puzzle.cols, (r + 1) * puzzle.cols);
    out += `${row.map((v) => String(v).padStart(width)).join(' ')}\n`;
  }
  return out;
}
