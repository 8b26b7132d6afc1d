/**
 * Deductions before search: cells the simplest line patterns force, given to the solver as unit
 * clauses. Each is a consequence of rules 1 and 2 alone, so it holds in every solution under every
 * convention and cuts no solution (the uniqueness proof stays sound). In a line (row or column):
 *
 * - Sandwich, x y x at positions p, p+1, p+2: the middle cell is unshaded, ¬s_{p+1}.
 *   If it were shaded, both x's next to it would be unshaded (rule 2): twice x (rule 1).
 * - Triple, x x x at p, p+1, p+2: the ends are shaded and the middle unshaded.
 *   Two neighbours with equal values are never both unshaded (rule 1) nor both shaded (rule 2),
 *   so exactly one of each pair is shaded; a shaded middle would leave both ends unshaded, twice x.
 * - Pair, x x at p, p+1: every other x of the line is shaded. One cell of the pair stays unshaded
 *   (rule 2), and it shows x, so no other x of the line may be unshaded (rule 1).
 *
 * A cell may be forced more than once; the solver takes repeated units in its stride.
 */
import { geometryOf } from '../src/puzzle/geometry.js';
import type { Encoder } from './variables.js';

export const encodeDeductions: Encoder = (puzzle, vars, cnf) => {
  const { values } = puzzle;
  for (const line of geometryOf(puzzle).lines) {
    const length = line.length;
    const at = (p: number) => line[p]!;
    for (let p = 0; p + 1 < length; p++) {
      const a = values[at(p)];
      const b = values[at(p + 1)];
      if (p + 2 < length && a === values[at(p + 2)]) {
        cnf.add([-vars.shaded(at(p + 1))]);
        if (a === b) {
          cnf.add([vars.shaded(at(p))]);
          cnf.add([vars.shaded(at(p + 2))]);
        }
      }
      if (a === b) {
        for (let q = 0; q < length; q++) {
          if (q !== p && q !== p + 1 && values[at(q)] === a) cnf.add([vars.shaded(at(q))]);
        }
      }
    }
  }
};
