/**
 * Rule 2, non-adjacency: no two shaded cells share an edge.
 *
 * For every horizontal pair (r,c)-(r,c+1) and vertical pair (r,c)-(r+1,c):
 *     ¬s_i ∨ ¬s_j
 * R(C-1) + C(R-1) binary clauses.
 */
import type { Encoder } from './variables.js';

export const encodeAdjacency: Encoder = (puzzle, vars, cnf) => {
  const { rows, cols } = puzzle;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      if (c + 1 < cols) cnf.add2(-vars.shaded(i), -vars.shaded(i + 1));
      if (r + 1 < rows) cnf.add2(-vars.shaded(i), -vars.shaded(i + cols));
    }
  }
};
