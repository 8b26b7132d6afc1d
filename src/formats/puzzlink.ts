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
 * Hitori needs a number in every cell, so an empty or unknown cell is refused, and so is 0.
 *
 * What pzprjs's URL parser (`src/pzpr/parser.js`, parseURLType / parseURLData) accepts around
 * that is read the same way: query parameters before the variety (`?type=player&hitori/...`), the
 * variety with pzprjs's `_play` or `_edit` suffix, a `v:<variant>` field after it (the empty
 * variant: Hitori has none), a flag field that is not a number (Hitori writes none and reads
 * none), a trailing slash, and any characters after the last cell (pzprjs's decodeHitori stops
 * at the last cell). A pzprv3 file carried in the URL (`?pzprv3/hitori/4/4/...`, URI-encoded, as
 * pzprjs's URL_PZPRFILE form) is read as that file, marks included. Written URLs use puzz.link;
 * a number above 1295 has no token and is refused.
 */
import type { Puzzle } from '../puzzle/puzzle.js';
import { documentOf, type PuzzleDocument } from './document.js';
import { checkCells, showText } from './input-error.js';
import { InputError } from '../control/errors.js';
import { parsePzprv3 } from './pzprv3.js';

const puzzlinkHost = 'https://puzz.link/p?';
/** The largest number a two-digit base-36 token holds. */
const puzzlinkMaxValue = 36 * 36 - 1;

/**
 * Whether a text looks like a pzprjs URL: a `?`, perhaps query parameters (`type=player&`) and a
 * `v:` field, then a variety name and a slash, on one line.
 */
export function looksLikePuzzlink(text: string): boolean {
  return /^\S*\?(\w+=\w*&)*(v:[^/\s]*\/)?[A-Za-z0-9_.-]+\/\S*$/.test(text.trim());
}

export function parsePuzzlink(text: string, id?: string): PuzzleDocument {
  const url = text.replace(/^\uFEFF/, '').trim();
  if (/\s/.test(url)) throw new InputError('a puzz.link URL is one line with no spaces');
  const query = url.indexOf('?');
  if (query < 0) throw new InputError('not a puzz.link URL: no "?" (expected https://puzz.link/p?hitori/<cols>/<rows>/<cells>)');
  // Query parameters before the variety, as pzprjs skips them ("type=player&hitori/...").
  let start = query + 1;
  for (let param = /^\w+=\w*&/.exec(url.slice(start)); param !== null; param = /^\w+=\w*&/.exec(url.slice(start))) start += param[0].length;
  const parts = url.slice(start).split('/');
  const file = parts[0]!.startsWith('v:') ? parts[1] : parts[0];
  if (file !== undefined && /^pzprv3(\.\d+)?$/.test(file)) return pzprv3InUrl(url.slice(start), id);
  const variety = parts[0]!.replace(/_(play|edit)$/, '');
  if (variety !== 'hitori') throw new InputError(`this URL is for the puzzle type "${variety}", not hitori`);
  let at = 1;
  const variant = /^v:(.*)$/.exec(parts[at] ?? '');
  if (variant !== null) {
    if (variant[1] !== '') throw new InputError(`the URL names the variant "${showText(variant[1]!)}": Hitori has no variants`);
    at++;
  }
  // A flag field (not a number), as pzprjs reads one before the size; Hitori has no flags.
  // Taken as one only when a size and cells follow, so that a mistyped size is still named as such.
  const number = (field: string | undefined) => field !== undefined && /^\d+$/.test(field);
  if (!number(parts[at]) && number(parts[at + 1]) && number(parts[at + 2]) && parts[at + 3] !== undefined) at++;
  const cols = sizeField(parts[at], 'width (columns)');
  const rows = sizeField(parts[at + 1], 'height (rows)');
  checkCells(rows, cols, {}, ` in the URL: hitori/${cols}/${rows}`);
  let body = parts.slice(at + 2).join('/');
  // A trailing slash, as pzprjs writes after a body that ends in a symbol, ends the body.
  if (body.endsWith('/')) body = body.slice(0, -1);
  const bodyStart = start + parts.slice(0, at + 2).join('/').length + 1;
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

/** A pzprv3 file carried in a URL (pzprjs's URL_PZPRFILE form): URI-encoded, "/" for line breaks. */
function pzprv3InUrl(text: string, id: string | undefined): PuzzleDocument {
  let file: string;
  try {
    file = decodeURIComponent(text);
  } catch {
    throw new InputError('the pzprv3 file in the URL is not valid URI encoding');
  }
  return parsePzprv3(file, id);
}

/** The values of the cell tokens; `offset` is where the body starts in the URL, for messages. */
function decodeCells(body: string, rows: number, cols: number, offset: number): number[] {
  const values: number[] = [];
  const total = rows * cols;
  let i = 0;
  // Characters after the last cell (a trailing slash, anything else) are skipped, as pzprjs does.
  while (i < body.length && values.length < total) {
    const cell = values.length;
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
