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
    for (let x = 0; x < line.length; x++) {
      for (let y = x + 1; y < line.length; y++) {
        const i = line[x]!;
        const j = line[y]!;
        if (values[i] === values[j]) cnf.add2(vars.shaded(i), vars.shaded(j));
      }
    }
  }
};
