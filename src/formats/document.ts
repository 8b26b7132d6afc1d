/**
 * What a puzzle file can hold: the puzzle, and in the formats that have room for one (JSON,
 * pzprv3, janko) an answer. Every reader returns one; every writer takes one and writes the
 * answer where its format has a place for it.
 */
import type { Puzzle, Shading } from '../puzzle/puzzle.js';

export interface PuzzleDocument {
  readonly puzzle: Puzzle;
  /** A shading given with the puzzle (a published solution, a player's answer): true = shaded. */
  readonly solution?: Shading;
  /**
   * A player's progress, where the format tells marked cells from unmarked ones (pzprv3): true
   * shaded, false marked unshaded, null not marked.
   */
  readonly marks?: readonly (boolean | null)[];
}

/** The format names, for `--from` and `--to`. */
export const formatNames = ['text', 'json', 'url', 'pzprv3', 'gameid', 'janko'] as const;
export type FormatName = (typeof formatNames)[number];

/** A document without an answer, or with one when `solution` is given. */
export function documentOf(puzzle: Puzzle, solution?: Shading): PuzzleDocument {
  return solution === undefined ? { puzzle } : { puzzle, solution };
}
