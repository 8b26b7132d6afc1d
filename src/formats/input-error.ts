/** Safe quoting of input text in messages, and the parsing of one grid value. */
import { InputError, type InputPlace } from '../control/errors.js';

/**
 * `text` made safe for a one-line message on a terminal: control characters, escape sequences
 * and anything outside printable ASCII are written as `\uXXXX` (raw bytes from the input never
 * reach the terminal), and a text longer than `max` characters is cut, with its length said.
 */
export function showText(text: string, max = 24): string {
  const cut = text.length > max ? text.slice(0, max - 4) : text;
  const safe = cut.replace(/[^\x20-\x7e]|"|\\/g, (ch) =>
    ch === '"' || ch === '\\' ? `\\${ch}` : `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return cut === text ? safe : `${safe}...(${text.length.toLocaleString('en-US')} characters)`;
}

/** The largest grid this project reads, in cells (each command may have a lower limit of its own). */
export const maxCells = 1_000_000;

/**
 * Refuses a grid over `maxCells` from the size its header declares, before a cell is read or an
 * array allocated. `place` is where the size is written; `where` says so in words when the input
 * has no lines to count (a URL).
 */
export function checkCells(rows: number, cols: number, place: InputPlace, where = ''): void {
  const cells = rows * cols;
  if (cells <= maxCells) return;
  throw new InputError(
    `the grid has ${showText(cells.toLocaleString('en-US'))} cells (${showText(String(rows))} rows x ${showText(String(cols))} columns${where}), more than the ${maxCells.toLocaleString('en-US')} supported`,
    place,
  );
}

/** A grid value as the input wrote it: a text token, a number, or JSON's text of a number too large for a double. */
interface NumberText {
  readonly text: string;
}

/** How a value that is not a grid number is named in a message. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return `"${showText(value)}"`;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && typeof (value as Partial<NumberText>).text === 'string') return showText((value as NumberText).text);
  return typeof value === 'object' ? 'an object' : typeof value;
}

/**
 * Parses one grid value: a positive safe integer (decimal digits in text; a JSON number). A
 * `NumberText` is the JSON number a double cannot hold.
 */
export function parseValue(token: unknown, place: InputPlace): number {
  if (typeof token === 'number' && Number.isSafeInteger(token) && token >= 1) return token;
  if (typeof token === 'string' && /^\+?\d+$/.test(token)) {
    const value = Number(token);
    if (Number.isSafeInteger(value) && value >= 1) return value;
  }
  const shown = describeValue(token);
  if (typeof token === 'string') {
    if (/^\+?\d+$/.test(token)) {
      const value = Number(token);
      if (value >= 1) throw new InputError(`${shown} is too large: values go up to ${Number.MAX_SAFE_INTEGER} (2^53 - 1)`, place);
    }
    const hint = /[\uff10-\uff19]/.test(token) ? ' (full-width digits: write 0-9)' : '';
    throw new InputError(`${shown} is not a positive integer${hint}`, place);
  }
  if (
    (typeof token === 'number' && token > Number.MAX_SAFE_INTEGER) ||
    (typeof token === 'object' &&
      token !== null &&
      !Array.isArray(token) &&
      typeof (token as Partial<NumberText>).text === 'string' &&
      !(token as NumberText).text.startsWith('-'))
  )
    throw new InputError(`${shown} is too large: values go up to ${Number.MAX_SAFE_INTEGER} (2^53 - 1)`, place);
  throw new InputError(`${shown} is not a positive integer`, place);
}
