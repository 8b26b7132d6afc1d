/** `convert`: its request, its result and their checks at the door. */
import { formats, type FormatName } from '../../formats/detect.js';
import type { Violation } from '../../puzzle/check.js';
import type { Puzzle, Shading } from '../../puzzle/puzzle.js';
import type { Marks } from '../../solve/hint.js';
import type { Bounded } from '../bounded.js';
import { validateChoice, validateMarks, validatePuzzle, validateShading } from '../validate.js';

/** A puzzle (and its answer or marks, where the format has room) in another format. */
export interface ConvertRequest extends Bounded {
  readonly command: 'convert';
  readonly puzzle: Puzzle;
  readonly solution?: Shading;
  readonly marks?: Marks;
  /** A puzzle format, or `svg` (the picture; PNG is the CLI's rasterisation of it). */
  readonly to: FormatName | 'svg';
}

export interface ConvertResult {
  readonly output: string;
  /** The rules the document's answer breaks, when it has one (it is copied as given). */
  readonly answerViolations: readonly Violation[];
  /** True when the document has an answer and the format has no room for it. */
  readonly answerDropped: boolean;
  /**
   * For a board in progress (marks with cells not marked) that is not yet a solution: how many
   * cells are marked, and the rules the marks so far already break (checkMarks). In its place,
   * `answerViolations` is then empty: an unfinished board is not a wrong answer.
   */
  readonly unfinished?: { readonly marked: number; readonly cells: number; readonly violations: readonly Violation[] };
}

export function checkConvert(request: ConvertRequest): void {
  validatePuzzle(request.puzzle);
  validateChoice('to', request.to, [...Object.keys(formats), 'svg'] as const);
  if (request.solution !== undefined) validateShading(request.puzzle, request.solution);
  if (request.marks !== undefined) validateMarks(request.puzzle, request.marks);
}
