/**
 * janko.at puzzle files: the `application/x-janko` data block of a janko.at puzzle page, e.g.
 *
 *     begin
 *     puzzle hitori
 *     author Otto Janko
 *     size 4            (square; or `rows R` and `cols C`)
 *     problem
 *     3 3 1 4
 *     ...
 *     solution
 *     - x - -
 *     ...
 *     end
 *
 * Each property is a line `key value`; `problem` and `solution` are followed by one line per
 * row. Newer pages write the section names in brackets (`[problem]`, `[solution]`, `[moves]`,
 * `[end]`); both forms are read. Properties this program has no use for (author, source, unit,
 * moves, ...) are skipped. In the solution a shaded cell is `x` (also `X`, `#`, `*`) and an
 * unshaded one `-` (also `.`, `o`, or the cell's own number); files are written with `x` and
 * `-`, as the janko-derived puzzlekit dataset (SmilingWayne/puzzlekit-dataset) spells them.
 */
import type { Puzzle, Shading } from '../puzzle/puzzle.js';
import { documentOf, type PuzzleDocument } from './document.js';
import { checkCells, parseValue, showText } from './input-error.js';
import { InputError, type InputPlace } from '../control/errors.js';
import { Limit } from '../control/limit.js';

/**
 * How many lines are read between two looks at the limit: none before the first 1024, so that a
 * small file is read even under a spent limit and the command reports it (as pzprv3.ts does).
 */
const checkEveryLines = 1024;

/** Whether a text looks like a janko file: a line "begin" or "problem" (bare or in brackets). */
export function looksLikeJanko(text: string): boolean {
  // Spaces and tabs, not \s: a \s* may run over line breaks, and from every line start it would
  // scan all the blank lines after it (quadratic in a file of blank lines).
  return /^[ \t]*\[?(begin|problem)\]?[ \t]*$/im.test(text);
}

const shadedMarks = new Set(['x', 'X', '#', '*']);
const unshadedMarks = new Set(['-', '.', 'o', 'O']);
/** Sections whose content runs over the following lines. */
const blockKeys = new Set(['problem', 'solution', 'moves']);

interface Block {
  /** Each content line by its index in the file's lines (its line number less one): a million-row file holds no object per row. */
  readonly rows: number[];
  /** The line of the section's name. */
  readonly line: number;
}

export function parseJanko(text: string, id?: string, limit = Limit.none): PuzzleDocument {
  const lines = text
    .replace(/^\uFEFF/, '')
    // A lone CR ends a line too (classic Mac files), as in every other format.
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const props = new Map<string, { value: string; line: number }>();
  const blocks = new Map<string, Block>();
  let block: Block | undefined;
  for (let n = 0; n < lines.length; n++) {
    if (n > 0 && n % checkEveryLines === 0) limit.check();
    const raw = lines[n]!.trim();
    if (raw === '') continue;
    // A property or section name is a word of two or more letters (grid rows start with a
    // number or a one-letter mark), or a word in brackets.
    const m = /^\[(\w+)\]$/.exec(raw) ?? /^([A-Za-z][A-Za-z0-9_]+)(?:\s+(.*))?$/.exec(raw);
    if (m) {
      const key = m[1]!.toLowerCase();
      if (key === 'end') break;
      block = undefined;
      if (key === 'begin') continue;
      if (blockKeys.has(key)) {
        block = { rows: [], line: n + 1 };
        blocks.set(key, block);
      } else props.set(key, { value: (m[2] ?? '').trim(), line: n + 1 });
    } else if (block) block.rows.push(n);
    else throw new InputError(`unexpected line "${raw.slice(0, 30)}" outside a problem or solution section`, { line: n + 1 });
  }
  const kind = props.get('puzzle');
  if (kind && kind.value.toLowerCase() !== 'hitori')
    throw new InputError(`this file is for the puzzle type "${kind.value}", not hitori`, { line: kind.line });
  const problem = blocks.get('problem');
  if (!problem || problem.rows.length === 0)
    throw new InputError('no "problem" section: a janko file lists the numbers after a line "problem"');
  const size = numberProp(props, 'size');
  const rows = numberProp(props, 'rows') ?? size ?? problem.rows.length;
  const cols = numberProp(props, 'cols') ?? size ?? lines[problem.rows[0]!]!.trim().split(/\s+/).length;
  checkCells(rows, cols, { line: (props.get('cols') ?? props.get('rows') ?? props.get('size'))?.line ?? problem.line });
  const values = readGrid(lines, problem, rows, cols, 'problem', limit, (token, place) =>
    // Plain digits, the common case, without a place object per cell.
    /^\d+$/.test(token) && Number(token) >= 1 && Number.isSafeInteger(Number(token)) ? Number(token) : parseValue(token, place()),
  );
  const section = blocks.get('solution');
  let solution: boolean[] | undefined;
  if (section && section.rows.length > 0) {
    solution = readGrid(lines, section, rows, cols, 'solution', limit, (token, place, i) => {
      if (shadedMarks.has(token)) return true;
      if (unshadedMarks.has(token) || token === String(values[i])) return false;
      throw new InputError(`"${showText(token)}" is not a solution mark ("x" shaded, "-" unshaded)`, place());
    });
  }
  const puzzle: Puzzle = id === undefined ? { rows, cols, values } : { rows, cols, values, id };
  return documentOf(puzzle, solution);
}

function numberProp(props: Map<string, { value: string; line: number }>, key: string): number | undefined {
  const prop = props.get(key);
  if (prop === undefined) return undefined;
  const n = Number(prop.value);
  if (!/^\d+$/.test(prop.value) || n < 1)
    throw new InputError(`"${key}" must be a positive whole number, found "${showText(prop.value)}"`, { line: prop.line });
  return n;
}

/** A section's cells in row-major order, each token read by `cell` (given its place, made only when asked, and its index). */
function readGrid<T>(
  lines: readonly string[],
  block: Block,
  rows: number,
  cols: number,
  what: string,
  limit: Limit,
  cell: (token: string, place: () => InputPlace, i: number) => T,
): T[] {
  if (block.rows.length !== rows)
    throw new InputError(`the ${what} has ${block.rows.length} row(s), the puzzle has ${rows}`, { line: block.line });
  const out = new Array<T>(rows * cols);
  for (let r = 0; r < rows; r++) {
    if (r > 0 && r % checkEveryLines === 0) limit.check();
    const at = block.rows[r]!;
    const line = at + 1;
    const tokens = lines[at]!.trim().split(/\s+/);
    if (tokens.length !== cols)
      throw new InputError(`${what} row ${r + 1} has ${tokens.length} cell(s), the puzzle has ${cols} columns`, { line, row: r + 1 });
    for (let c = 0; c < cols; c++) out[r * cols + c] = cell(tokens[c]!, () => ({ line, row: r + 1, column: c + 1 }), r * cols + c);
  }
  return out;
}

/** A janko.at puzzle file, with the solution section when the document has one. */
export function formatJanko({ puzzle, solution }: PuzzleDocument): string {
  const { rows, cols } = puzzle;
  const grid = (cell: (i: number) => string) => {
    let out = '';
    for (let r = 0; r < rows; r++) out += `${Array.from({ length: cols }, (_, c) => cell(r * cols + c)).join(' ')}\n`;
    return out;
  };
  const size = rows === cols ? `size ${rows}\n` : `rows ${rows}\ncols ${cols}\n`;
  const answer = (s: Shading) => grid((i) => (s[i] ? 'x' : '-'));
  return `begin\npuzzle hitori\n${size}problem\n${grid((i) => String(puzzle.values[i]))}${solution ? `solution\n${answer(solution)}` : ''}end\n`;
}
