/**
 * Rule 1, uniqueness pairs: no number twice among the unshaded cells of a row or column.
 *
 * For every line (row or column) and every two cells i, j of it with equal values:
 *     s_i ∨ s_j        (they are not both unshaded)
 * A value occurring m times in a line gives m(m-1)/2 binary clauses; a line without repeats gives
 * none.
 */
import { geometryOf, numberKeys } from '../src/puzzle/geometry.js';
import type { Encoder } from './variables.js';

export const encodeUniqueness: Encoder = (puzzle, vars, cnf) => {
  const { key, distinct } = numberKeys(puzzle.values);
  const { lines } = geometryOf(puzzle);
  // last[k]: the position of number k seen last in the line (walking backwards), or -1.
  const last = new Int32Array(distinct).fill(-1);
  const next = new Int32Array(Math.max(puzzle.rows, puzzle.cols));
  for (const line of lines) {
    // next[x]: the next position in the line with the same value, or -1. Walking these chains
    // visits only the equal pairs (in the same order as all pairs x < y would), so a long line
    // of distinct values costs its length, not its length squared.
    for (let x = line.length - 1; x >= 0; x--) {
      const k = key[line[x]!]!;
      next[x] = last[k]!;
      last[k] = x;
    }
    for (const i of line) last[key[i]!] = -1;
    for (let x = 0; x < line.length; x++) {
      for (let y = next[x]!; y >= 0; y = next[y]!) cnf.add2(vars.shaded(line[x]!), vars.shaded(line[y]!));
    }
  }
};
