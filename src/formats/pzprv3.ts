/**
 * pzprv3 files, the save format of pzprjs (puzz.link), as its file parser and Hitori's
 * FileIO read and write them (`src/pzpr/parser.js`, `src/variety/hitori.js` decodeData /
 * encodeData, `src/variety-common/FileData.js` decodeCellQnum / decodeCellAns in robx/pzprjs):
 *
 *     pzprv3            (or pzprv3.1: a file version)
 *     hitori
 *     4                 rows
 *     4                 columns
 *     1 1 1 4           the numbers, one row per line ("." empty, "-" unknown: both refused)
 *     ...
 *     # + # .           the answer: "#" shaded, "+" marked unshaded, "." not marked
 *     ...
 *
 * pzprjs turns every "/" into a line break before reading, so the one-line form its tests use
 * (`pzprv3/hitori/4/4/1 1 1 4 /.../# + # . /...`) reads the same. A first line `v:<variant>`
 * (pzprjs's parseFileType reads one before the header) may name the empty variant only: Hitori has
 * no variants. The answer grid may be missing (an unsolved puzzle). Whatever follows the answer
 * grid is skipped, as pzprjs's Hitori FileIO reads the two grids and nothing more: the sections
 * other varieties and versions write there (a grid of crosses, × marks, `TrialData(n)` boards,
 * `info:`/`history:` metadata, an old file's URL line). An answer with at least one shaded cell
 * becomes the document's solution, "#" shaded and every other cell unshaded (pzprjs counts an
 * unmarked cell as unshaded too); the marks as given ("." unmarked) are the document's `marks`, a
 * player's progress for `hint`.
 * Written files have every cell of the answer filled in: "#" or "+", or "." throughout when
 * there is no answer; a document with marks (a board in progress) is written with its marks.
 */
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import { documentOf, type PuzzleDocument } from './document.js';
import { checkCells, parseValue, showText } from './input-error.js';
import { InputError } from '../control/errors.js';
import { Limit } from '../control/limit.js';

export function looksLikePzprv3(text: string): boolean {
  return /^\uFEFF?\s*(v:[^\s/]*\s*[/\r\n]\s*)?pzprv3(\.\d+)?\s*[/\r\n]/.test(text);
}

/**
 * How many rows are read between two looks at the limit (a 40000x5 file takes about half a
 * second): none before the first 1024, so that a small file is read even under a spent limit and
 * the command reports it, as the text reader does.
 */
const checkEveryRows = 1024;

export function parsePzprv3(text: string, id?: string, limit = Limit.none): PuzzleDocument {
  const lines = text
    .replace(/^\uFEFF/, '')
    // A lone CR ends a line too (classic Mac files), as in every other format.
    .replace(/\r\n?/g, '\n')
    .replace(/\//g, '\n')
    .split('\n');
  // Line numbers in messages count the "/"-separated fields of a one-line file as lines too.
  let at = 0;
  while (at < lines.length && lines[at]!.trim() === '') at++;
  const variant = /^v:(.*)$/.exec(lines[at]?.trim() ?? '');
  if (variant !== null) {
    if (variant[1] !== '') throw new InputError(`the variant "${showText(variant[1]!)}": Hitori has no variants`, { line: at + 1 });
    at++;
  }
  const header = lines[at]?.trim() ?? '';
  if (!/^pzprv3(\.\d+)?$/.test(header))
    throw new InputError(`expected "pzprv3" as the first line, found "${showText(header)}"`, { line: at + 1 });
  at++;
  const variety = lines[at]?.trim() ?? '';
  if (variety !== 'hitori') throw new InputError(`this file is for the puzzle type "${variety}", not hitori`, { line: at + 1 });
  at++;
  const rows = sizeLine(lines, at++, 'rows');
  const cols = sizeLine(lines, at++, 'columns');
  checkCells(rows, cols, { line: at });
  // Found once: asking "is the rest blank?" at every row made reading quadratic in the rows.
  let end = lines.length;
  while (end > at && lines[end - 1]!.trim() === '') end--;
  const values = new Array<number>(rows * cols);
  for (let r = 0; r < rows; r++, at++) {
    if (r > 0 && r % checkEveryRows === 0) limit.check();
    const tokens = rowTokens(lines, at, end, r, cols, 'number');
    for (let c = 0; c < cols; c++) {
      const token = tokens[c]!;
      // Plain digits, the common case, without a place object per cell.
      const value = /^\d+$/.test(token) ? Number(token) : 0;
      if (value >= 1 && Number.isSafeInteger(value)) {
        values[r * cols + c] = value;
        continue;
      }
      const place = { line: at + 1, row: r + 1, column: c + 1 };
      if (token === '.') throw new InputError('the cell is empty ("."): Hitori needs a number in every cell', place);
      if (token === '-') throw new InputError('the cell holds an unknown number ("-"): Hitori needs a number in every cell', place);
      values[r * cols + c] = parseValue(token, place);
    }
  }
  let solution: boolean[] | undefined;
  let marks: (boolean | null)[] | undefined;
  // An answer grid follows unless the rest is blank or one of pzprjs's trailing sections.
  const next = lines.slice(at, end).find((line) => line.trim() !== '');
  if (next !== undefined && !isTrailer(next)) {
    const answer: boolean[] = [];
    const marked: (boolean | null)[] = [];
    for (let r = 0; r < rows; r++, at++) {
      if (r > 0 && r % checkEveryRows === 0) limit.check();
      const tokens = rowTokens(lines, at, end, r, cols, 'answer');
      for (let c = 0; c < cols; c++) {
        const token = tokens[c]!;
        if (token !== '#' && token !== '+' && token !== '.')
          throw new InputError(`"${showText(token)}" is not an answer mark ("#" shaded, "+" unshaded, "." unmarked)`, {
            line: at + 1,
            row: r + 1,
            column: c + 1,
          });
        answer.push(token === '#');
        marked.push(token === '.' ? null : token === '#');
      }
    }
    if (answer.includes(true)) solution = answer;
    if (marked.some((m) => m !== null)) marks = marked;
    // What follows (crosses, trial boards, metadata) is not Hitori's: skipped, as pzprjs does.
  }
  const puzzle: Puzzle = id === undefined ? { rows, cols, values } : { rows, cols, values, id };
  const document = documentOf(puzzle, solution);
  return marks === undefined ? document : { ...document, marks };
}

/** What pzprjs writes after the grids: metadata, undo history, trial boards; an old file's URL line. */
function isTrailer(line: string): boolean {
  return /^(info:|history:|__HISTORY__|TrialData|https?:)/.test(line.trim());
}

function sizeLine(lines: readonly string[], at: number, what: string): number {
  const field = lines[at]?.trim() ?? '';
  const n = Number(field);
  if (!/^\d+$/.test(field) || !Number.isSafeInteger(n) || n < 1)
    throw new InputError(`expected the number of ${what}, found "${showText(field)}"`, { line: at + 1 });
  return n;
}

/** The tokens of the row at line `at`; `end` is one past the last line that is not blank. */
function rowTokens(lines: readonly string[], at: number, end: number, r: number, cols: number, what: string): string[] {
  if (at >= end) throw new InputError(`the file ends before ${what} row ${r + 1}`, { line: at + 1 });
  const tokens = lines[at]!.split(/\s+/).filter((t) => t !== '');
  if (tokens.length !== cols)
    throw new InputError(`${what} row ${r + 1} has ${tokens.length} cell(s), expected ${cols}`, { line: at + 1, row: r + 1 });
  return tokens;
}

/**
 * A pzprv3 file of the puzzle, with its answer filled in when the document has one, or a
 * player's marks as given ("." where a cell is not marked) when it has them.
 */
export function formatPzprv3({ puzzle, solution, marks }: PuzzleDocument): string {
  const { rows, cols } = puzzle;
  const grid = (cell: (i: number) => string) => {
    let out = '';
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) out += `${cell(r * cols + c)} `;
      out += '\n';
    }
    return out;
  };
  const answer = (s: Shading | undefined) => (i: number) => (s === undefined ? '.' : s[i] ? '#' : '+');
  const marked = (m: readonly (boolean | null)[]) => (i: number) => (m[i] === null ? '.' : m[i] ? '#' : '+');
  const answerCell = marks === undefined ? answer(solution) : marked(marks);
  return `pzprv3\nhitori\n${rows}\n${cols}\n${grid((i) => String(puzzle.values[i]))}${grid(answerCell)}`;
}
