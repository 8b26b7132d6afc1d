/**
 * Every puzzle format by name, and the one reader that tells them apart. Detection looks at the
 * text's first characters only, in an order where no two formats can be confused: a JSON object
 * starts with "{", a pzprv3 file with the line "pzprv3", a URL has "?<variety>/" on one line, a
 * Singles ID is "<W>x<H>:" (or "#" for a seed), a janko file has a line "begin" or "problem";
 * anything else is read as a plain-text grid. `--from` skips detection.
 */
import { documentOf, formatNames, type FormatName, type PuzzleDocument } from './document.js';
import { formatGameId, looksLikeGameId, parseGameId } from './gameid.js';
import { formatJanko, looksLikeJanko, parseJanko } from './janko.js';
import { formatJson, parseJsonDocument } from './json.js';
import { formatPuzzlink, looksLikePuzzlink, parsePuzzlink } from './puzzlink.js';
import { formatPzprv3, looksLikePzprv3, parsePzprv3 } from './pzprv3.js';
import { formatText, parseText } from './text.js';
import type { Limit } from '../control/limit.js';

export type { FormatName, PuzzleDocument } from './document.js';

/** The input formats (all of them). */
export const inputFormats = formatNames;
export type InputFormat = FormatName;

interface Format {
  /** What the format is, for help texts and messages. */
  readonly title: string;
  /** `limit` bounds the readers whose work grows with the grid (plain text: a million values). */
  readonly parse: (text: string, id?: string, limit?: Limit) => PuzzleDocument;
  readonly format: (doc: PuzzleDocument) => string;
  /** Whether the format has a place for an answer. */
  readonly holdsSolution: boolean;
}

export const formats: Readonly<Record<FormatName, Format>> = {
  text: {
    title: 'plain text grid',
    parse: (text, id, limit) => documentOf(parseText(text, id, limit)),
    format: ({ puzzle }) => formatText(puzzle),
    holdsSolution: false,
  },
  json: { title: 'JSON object (grid, solution)', parse: parseJsonDocument, format: formatJson, holdsSolution: true },
  url: { title: 'puzz.link / pzprjs URL', parse: parsePuzzlink, format: formatPuzzlink, holdsSolution: false },
  pzprv3: { title: 'pzprv3 file (pzprjs)', parse: parsePzprv3, format: formatPzprv3, holdsSolution: true },
  gameid: { title: "Simon Tatham's Singles game ID", parse: parseGameId, format: formatGameId, holdsSolution: false },
  janko: { title: 'janko.at puzzle file', parse: parseJanko, format: formatJanko, holdsSolution: true },
};

function detectFormat(text: string): FormatName {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{')) return 'json';
  if (looksLikePzprv3(start)) return 'pzprv3';
  if (looksLikePuzzlink(start)) return 'url';
  if (looksLikeGameId(start)) return 'gameid';
  if (looksLikeJanko(start)) return 'janko';
  // A JSON array is no puzzle, but it is JSON: say what is wrong with it in JSON's terms.
  if (start.startsWith('[')) return 'json';
  return 'text';
}

/** Reads a document in the given format, or in the one detected. */
export function parseDocument(text: string, options: { from?: FormatName; id?: string; limit?: Limit } = {}): PuzzleDocument {
  return formats[options.from ?? detectFormat(text)].parse(text, options.id, options.limit);
}

/**
 * Whether an input is a set of puzzles (JSON Lines) rather than one puzzle: a `.jsonl` file, or
 * a text with more than one line holding a whole JSON object.
 */
export function isPuzzleSet(name: string, text: string): boolean {
  if (/\.jsonl$/i.test(name)) return true;
  // Most inputs hold no brace at all: one scan spares splitting a large grid into lines.
  if (!text.includes('{')) return false;
  const objectLines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .filter((line) => /^\s*\{.*\}\s*$/.test(line));
  return objectLines.length > 1;
}

/** Writes a document in a format (its answer only where the format has a place for one). */
export function formatDocument(doc: PuzzleDocument, to: FormatName): string {
  return formats[to].format(doc);
}
