/**
 * Rule 1, uniqueness pairs: no number twice among the unshaded cells of a row or column.
 *
 * For every line (row or column) and every two cells i, j of it with equal values:
 *     s_i ∨ s_j        (they are not both unshaded)
 * A value occurring m times in a line gives m(m-1)/2 binary clauses; a line without repeats gives
 * none.
 */
import type { Encoder } from './variables.js';

export const encodeUniqueness: Encoder = (puzzle, vars, cnf) => {
  const { rows, cols, values } = puzzle;
  // Rows: cells r*cols + c; columns: cells r*cols + c with the roles of r and c swapped.
  for (const [lines, length, lineStep, cellStep] of [
    [rows, cols, cols, 1],
    [cols, rows, 1, cols],
  ] as const) {
    for (let line = 0; line < lines; line++) {
      const base = line * lineStep;
      for (let x = 0; x < length; x++) {
        const i = base + x * cellStep;
        for (let y = x + 1; y < length; y++) {
          const j = base + y * cellStep;
          if (values[i] === values[j]) cnf.add2(vars.shaded(i), vars.shaded(j));
        }
      }
    }
  }
};
