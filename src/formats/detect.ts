/** Reads a puzzle in whichever supported format the text is in: JSON if it starts with "{", else plain text. */
import type { Puzzle } from '../puzzle/puzzle.js';
import { parseJson } from './json.js';
import { parseText } from './text.js';

export const inputFormats = ['text', 'json'] as const;
export type InputFormat = (typeof inputFormats)[number];

export function detectFormat(text: string): InputFormat {
  return /^\uFEFF?\s*\{/.test(text) ? 'json' : 'text';
}

export function parsePuzzle(text: string, id?: string): Puzzle {
  return detectFormat(text) === 'json' ? parseJson(text, id) : parseText(text, id);
}
