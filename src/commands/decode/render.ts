/** The text and JSON forms of `decode`: the model's shading and the verdict of the independent checker. */
import type { Convention } from '../../puzzle/convention.js';
import { shadingToGrid, type Puzzle } from '../../puzzle/puzzle.js';
import { renderShading, type TextStyle } from '../../render/text.js';
import type { DecodeResult } from './request.js';

/** The decoded answer as one JSON object and as text (the grid and the verdict, or what the solver said). */
export function decodeReport(
  puzzle: Puzzle,
  answer: DecodeResult,
  convention: Convention,
  style: TextStyle,
): { readonly json: object; readonly text: string } {
  const base = { id: puzzle.id ?? null, rows: puzzle.rows, cols: puzzle.cols, convention };
  if (!('shading' in answer)) {
    const text =
      answer.status === 'none'
        ? 'the solver answered UNSATISFIABLE: no shading satisfies the CNF (with --block: the blocked solution is unique)'
        : 'the solver gave no answer (UNKNOWN)';
    return { json: { ...base, status: answer.status, solution: null, violations: [] }, text: `${text}\n` };
  }
  const { shading, violations } = answer;
  const verdict =
    answer.status === 'valid'
      ? `valid solution under convention ${convention} (checked; to prove it unique, export with --block and expect UNSATISFIABLE)`
      : `not a solution under convention ${convention}: ${violations.map((v) => v.message).join('; ')}`;
  return {
    json: { ...base, status: answer.status, solution: shadingToGrid(puzzle, shading), violations: violations.map((v) => v.message) },
    text: `${renderShading(puzzle, shading, style)}${verdict}\n`,
  };
}
