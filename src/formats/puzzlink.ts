/**
 * puzz.link / pzprjs URLs: `https://puzz.link/p?hitori/<cols>/<rows>/<cells>`, also on the pzv.jp
 * and pzprxs hosts, over http or https (pzprjs reads the part after `?` and ignores the host, and
 * so does this reader).
 *
 * The cells are row-major, one token each, as pzprjs's Hitori encoder writes them
 * (`src/variety/hitori.js`, encodeHitori/decodeHitori in robx/pzprjs):
 * - `0`-`9`, `a`-`z`: a number 0-35 in base 36;
 * - `-` and two base-36 digits: a number 36-1295;
 * - `.`: an empty cell; `@` (and `%` on reading): a cell with an unknown number ("?").
 * Hitori needs a number in every cell, so an empty or unknown cell is refused, and so is 0. pzprjs
 * ignores cells after the last one; here they are refused, and so is a flag between the variety
 * and the size (pzprjs writes none for Hitori). Written URLs use puzz.link; a number above
 * 1295 has no token and is refused.
 */
import type { Puzzle } from '../puzzle/puzzle.js';
import { documentOf, type PuzzleDocument } from './document.js';
import { checkCells, showText } from './input-error.js';
import { InputError } from '../job/errors.js';

const puzzlinkHost = 'https://puzz.link/p?';
/** The largest number a two-digit base-36 token holds. */
const puzzlinkMaxValue = 36 * 36 - 1;

/** Whether a text looks like a pzprjs URL (a `?` followed by a variety name and a slash, on one line). */
export function looksLikePuzzlink(text: string): boolean {
  return /^\S*\?[A-Za-z0-9_-]+\/\S*$/.test(text.trim());
}

export function parsePuzzlink(text: string, id?: string): PuzzleDocument {
  const url = text.replace(/^\uFEFF/, '').trim();
  if (/\s/.test(url)) throw new InputError('a puzz.link URL is one line with no spaces');
  const query = url.indexOf('?');
  if (query < 0) throw new InputError('not a puzz.link URL: no "?" (expected https://puzz.link/p?hitori/<cols>/<rows>/<cells>)');
  const parts = url.slice(query + 1).split('/');
  const variety = parts[0]!;
  if (variety !== 'hitori') throw new InputError(`this URL is for the puzzle type "${variety}", not hitori`);
  // pzprjs would read a non-numeric field here as a flag, but writes none for Hitori: refuse it.
  const at = 1;
  const cols = sizeField(parts[at], 'width (columns)');
  const rows = sizeField(parts[at + 1], 'height (rows)');
  checkCells(rows, cols, {}, ` in the URL: hitori/${cols}/${rows}`);
  let body = parts.slice(at + 2).join('/');
  // A trailing slash, as some pages write, ends the body.
  if (body.endsWith('/')) body = body.slice(0, -1);
  const bodyStart = query + 1 + parts.slice(0, at + 2).join('/').length + 1;
  const values = decodeCells(body, rows, cols, bodyStart);
  const puzzle: Puzzle = id === undefined ? { rows, cols, values } : { rows, cols, values, id };
  return documentOf(puzzle);
}

function sizeField(field: string | undefined, what: string): number {
  if (field === undefined || field === '') throw new InputError(`the URL has no ${what}: expected p?hitori/<cols>/<rows>/<cells>`);
  const n = Number(field);
  if (!/^\d+$/.test(field) || !Number.isSafeInteger(n) || n < 1)
    throw new InputError(`the ${what} "${showText(field)}" is not a positive whole number`);
  return n;
}

/** The values of the cell tokens; `offset` is where the body starts in the URL, for messages. */
function decodeCells(body: string, rows: number, cols: number, offset: number): number[] {
  const values: number[] = [];
  const total = rows * cols;
  let i = 0;
  while (i < body.length) {
    const cell = values.length;
    if (cell === total) {
      throw new InputError(
        `${body.length - i} character(s) after the last of the ${rows}x${cols} cells, from character ${offset + i + 1} ("${body.slice(i, i + 12)}")`,
      );
    }
    const place = { row: Math.floor(cell / cols) + 1, column: (cell % cols) + 1 };
    const ch = body[i]!;
    const where = `character ${offset + i + 1}`;
    let value: number;
    if (/[0-9a-z]/.test(ch)) {
      value = Number.parseInt(ch, 36);
      i += 1;
    } else if (ch === '-') {
      const digits = body.slice(i + 1, i + 3);
      if (!/^[0-9a-z]{2}$/.test(digits))
        throw new InputError(`"-" at ${where} must be followed by two base-36 digits (0-9, a-z), found "${digits}"`, place);
      value = Number.parseInt(digits, 36);
      i += 3;
    } else if (ch === '.') {
      throw new InputError(`the cell is empty ("." at ${where}): Hitori needs a number in every cell`, place);
    } else if (ch === '%' || ch === '@') {
      throw new InputError(`the cell holds an unknown number ("${ch}" at ${where}): Hitori needs a number in every cell`, place);
    } else {
      throw new InputError(`unexpected character "${ch}" at ${where} (a cell is 0-9, a-z, or "-" and two of them)`, place);
    }
    if (value === 0) throw new InputError(`0 at ${where} is not a positive integer`, place);
    values.push(value);
  }
  if (values.length < total) throw new InputError(`the URL ends after ${values.length} of the ${rows}x${cols} = ${total} cells`);
  return values;
}

/** The puzz.link URL of a puzzle (a URL holds no answer). */
export function formatPuzzlink({ puzzle }: PuzzleDocument): string {
  let body = '';
  puzzle.values.forEach((v, i) => {
    if (v > puzzlinkMaxValue) {
      const place = { row: Math.floor(i / puzzle.cols) + 1, column: (i % puzzle.cols) + 1 };
      throw new InputError(`${v} is above ${puzzlinkMaxValue}, the largest number a puzz.link URL can hold`, place, '--to url');
    }
    body += v < 36 ? v.toString(36) : `-${v.toString(36)}`;
  });
  return `${puzzlinkHost}hitori/${puzzle.cols}/${puzzle.rows}/${body}\n`;
}
