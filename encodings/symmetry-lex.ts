/**
 * Symmetry breaking by lex-leader constraints (Crawford, Ginsberg, Luks and Roy, 1996), for
 * searches whose question does not change under a symmetry of the board (maxblack: rotations and
 * reflections keep a shading valid and its number of shaded cells).
 *
 * For a permutation σ of the cells, with x_i = s_i and y_i = s_{σ(i)} (i in cell order), require
 * x ≤lex y: the shading is no larger, read in cell order, than its image. With auxiliary e_i
 * ("x and y agree on positions 1..i"; e_0 is true and left out):
 *     (X1) ¬e_{i-1} ∨ ¬x_i ∨ y_i               agreement so far forces x_i ≤ y_i
 *     (X2) ¬e_{i-1} ∨ ¬x_i ∨ ¬y_i ∨ e_i         agreement continues on 1 1
 *     (X3) ¬e_{i-1} ∨ x_i ∨ y_i ∨ e_i           agreement continues on 0 0
 * Effect: in any model e_i is true whenever the first i positions agree (X2, X3, by induction), so
 * (X1) gives x ≤lex y. Soundness: any shading with x ≤lex y extends to a model, e_i set to "the
 * first i positions agree" (X1 holds as x ≤lex y; X2 and X3 define exactly that).
 *
 * Why no answer is lost: let G be a group of symmetries, and m the lex-smallest shading of the
 * orbit of some shading. For every σ in G, m∘σ is in the orbit, so m ≤lex m∘σ: m satisfies the
 * constraints of all of G at once. So a valid shading with k shaded cells exists if and only if one
 * satisfying the constraints exists, and "unsatisfiable" still proves that none exists.
 */
import type { Cnf } from '../src/sat/cnf.js';

/**
 * Adds x ≤lex x∘σ over the literals `lits` (lits[i] for position i) for each permutation σ,
 * auxiliary variables from `fresh`.
 */
export function encodeLexLeader(lits: readonly number[], permutations: readonly Int32Array[], fresh: () => number, cnf: Cnf): void {
  for (const sigma of permutations) {
    let agree = 0; // e_{i-1}; 0 stands for "true" (the empty prefix)
    for (let i = 0; i < lits.length; i++) {
      const j = sigma[i]!;
      if (j === i) continue; // x_i = y_i: agreement goes on, nothing to say
      const x = lits[i]!;
      const y = lits[j]!;
      const guard = agree === 0 ? [] : [-agree];
      cnf.add([...guard, -x, y]);
      if (i === lits.length - 1) break;
      const next = fresh();
      cnf.add([...guard, -x, -y, next]);
      cnf.add([...guard, x, y, next]);
      agree = next;
    }
  }
}
