/**
 * Plain text: one row per line, values separated by white space. Blank lines are ignored; lines
 * may end in LF, CRLF or a lone CR (old Mac files), and a UTF-8 byte order mark is accepted.
 *
 *     3 3 1 4
 *     4 3 2 2
 */
import { puzzleFromGrid, type Puzzle } from '../puzzle/puzzle.js';
import { maxCells, parseValue } from './input-error.js';
import { InputError } from '../job/errors.js';

export function parseText(text: string, id?: string): Puzzle {
  const grid: number[][] = [];
  const lineOf: number[] = [];
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let cells = 0;
  for (let n = 0; n < rows.length; n++) {
    const line = rows[n]!;
    if (line.trim() === '') continue;
    const values: number[] = [];
    const token = /\S+/g;
    for (let m = token.exec(line); m !== null; m = token.exec(line)) {
      if (++cells > maxCells)
        throw new InputError(
          `more than ${maxCells.toLocaleString('en-US')} values: the largest grid supported has ${maxCells.toLocaleString('en-US')} cells`,
          {
            line: n + 1,
            row: grid.length + 1,
            column: values.length + 1,
          },
        );
      values.push(parseValue(m[0], { line: n + 1, row: grid.length + 1, column: values.length + 1 }));
    }
    grid.push(values);
    lineOf.push(n + 1);
  }
  if (grid.length === 0) throw new InputError('no rows: the input is empty');
  const width = grid[0]!.length;
  for (let r = 1; r < grid.length; r++) {
    if (grid[r]!.length !== width) {
      throw new InputError(`row ${r + 1} has ${grid[r]!.length} values, row 1 has ${width}`, { line: lineOf[r]!, row: r + 1 });
    }
  }
  return puzzleFromGrid(grid, id);
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
