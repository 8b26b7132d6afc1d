/**
 * Rule 1, uniqueness pairs: no number twice among the unshaded cells of a row or column.
 *
 * For every line (row or column) and every two cells i, j of it with equal values:
 *     s_i ∨ s_j        (they are not both unshaded)
 * A value occurring m times in a line gives m(m-1)/2 binary clauses; a line without repeats gives
 * none.
 */
import { geometryOf } from '../src/puzzle/geometry.js';
import type { Encoder } from './variables.js';

export const encodeUniqueness: Encoder = (puzzle, vars, cnf) => {
  const { values } = puzzle;
  for (const line of geometryOf(puzzle).lines) {
    // next[x]: the next position in the line with the same value, or -1. Walking these chains
    // visits only the equal pairs (in the same order as all pairs x < y would), so a long line
    // of distinct values costs its length, not its length squared.
    const next = new Int32Array(line.length).fill(-1);
    const last = new Map<number, number>();
    for (let x = line.length - 1; x >= 0; x--) {
      const v = values[line[x]!]!;
      next[x] = last.get(v) ?? -1;
      last.set(v, x);
    }
    for (let x = 0; x < line.length; x++) {
      for (let y = next[x]!; y >= 0; y = next[y]!) cnf.add2(vars.shaded(line[x]!), vars.shaded(line[y]!));
    }
  }
};
