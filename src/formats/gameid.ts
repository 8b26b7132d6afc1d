/**
 * Simon Tatham's Singles (his Hitori) game IDs: `<params>:<desc>`, as `singles.c` reads them
 * (decode_params, unpick_desc). The params are `W`, `WxH`, optionally followed by `d` and a
 * difficulty letter (`5x5de`, `12x12dk`); the desc has one character per cell, row-major:
 * `1`-`9`, `a`-`z` = 10-35, `A`-`Z` = 36-61. Singles accepts only sizes from 2 to 62 and numbers
 * from 1 to max(W, H); this reader and writer hold to the same limits, so that every ID written
 * opens in Singles.
 *
 * A random-seed ID (`8x8de#12345`) names the puzzle that Singles' generator makes from that seed;
 * only the generator can turn it into numbers, so it is refused with the way to get the game ID.
 */
import type { Puzzle } from '../puzzle/puzzle.js';
import { documentOf, type PuzzleDocument } from './document.js';
import { InputError } from '../control/errors.js';

/** Singles' largest width or height (10 digits + 26 + 26 letters). */
const gameIdMaxSize = 62;

/** Whether a text looks like a Singles game ID or random-seed ID. */
export function looksLikeGameId(text: string): boolean {
  return /^\d+(x\d+)?(d.)?[:#]\S*$/.test(text.trim());
}

function charValue(ch: string): number {
  if (/[0-9]/.test(ch)) return ch.charCodeAt(0) - 48;
  if (/[a-z]/.test(ch)) return ch.charCodeAt(0) - 97 + 10;
  if (/[A-Z]/.test(ch)) return ch.charCodeAt(0) - 65 + 36;
  return -1;
}

function valueChar(v: number): string {
  return v < 10 ? String(v) : v < 36 ? String.fromCharCode(97 + v - 10) : String.fromCharCode(65 + v - 36);
}

export function parseGameId(text: string, id?: string): PuzzleDocument {
  const line = text.replace(/^\uFEFF/, '').trim();
  const seed = /^([^:#]*)#(.*)$/.exec(line);
  if (seed && !line.includes(':'))
    throw new InputError(
      `"${line}" is a random-seed ID: only Singles' generator can make its grid. Get the game ID with \`sgt-singles --generate 1 '${line}'\` (or Game > Specific in the app) and give that`,
    );
  const m = /^(\d+)(?:x(\d+))?(?:d(.))?:(.*)$/.exec(line);
  if (!m) throw new InputError('not a Singles game ID: expected <width>x<height>:<cells>, as in 5x5:2343412543523324342241254');
  const cols = Number(m[1]);
  const rows = m[2] === undefined ? cols : Number(m[2]);
  for (const [what, n] of [
    ['width', cols],
    ['height', rows],
  ] as const) {
    if (n < 2 || n > gameIdMaxSize) throw new InputError(`the ${what} ${n} is outside 2..${gameIdMaxSize}, the sizes Singles accepts`);
  }
  const desc = m[4]!;
  const descStart = line.length - desc.length;
  const largest = Math.max(rows, cols);
  const values: number[] = [];
  for (let i = 0; i < desc.length && values.length < rows * cols; i++) {
    const ch = desc[i]!;
    const place = { row: Math.floor(i / cols) + 1, column: (i % cols) + 1 };
    const v = charValue(ch);
    if (v < 0) throw new InputError(`unexpected character "${ch}" at character ${descStart + i + 1} (a cell is 1-9, a-z or A-Z)`, place);
    if (v < 1 || v > largest)
      throw new InputError(
        `"${ch}" (${v}) at character ${descStart + i + 1} is outside 1..${largest}: Singles allows numbers up to max(width, height)`,
        place,
      );
    values.push(v);
  }
  if (desc.length !== rows * cols)
    throw new InputError(`the game ID has ${desc.length} cell(s), a ${cols}x${rows} grid has ${rows * cols} (one character per cell)`);
  const puzzle: Puzzle = id === undefined ? { rows, cols, values } : { rows, cols, values, id };
  return documentOf(puzzle);
}

/** The Singles game ID of a puzzle (an ID holds no answer). */
export function formatGameId({ puzzle }: PuzzleDocument): string {
  const { rows, cols } = puzzle;
  for (const [what, n] of [
    ['width', cols],
    ['height', rows],
  ] as const) {
    if (n < 2 || n > gameIdMaxSize)
      throw new InputError(`the ${what} ${n} is outside 2..${gameIdMaxSize}, the sizes Singles accepts`, {}, '--to gameid');
  }
  const largest = Math.max(rows, cols);
  let desc = '';
  puzzle.values.forEach((v, i) => {
    if (v > largest) {
      const place = { row: Math.floor(i / cols) + 1, column: (i % cols) + 1 };
      throw new InputError(
        `${v} is above ${largest}: Singles allows numbers only up to max(width, height), so this puzzle has no game ID`,
        place,
        '--to gameid',
      );
    }
    desc += valueChar(v);
  });
  return `${cols}x${rows}:${desc}\n`;
}
