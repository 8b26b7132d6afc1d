/**
 * Cardinality, "at least k of these literals are true", by a totalizer (Bailleux and Boufkhad,
 * 2003), the half that bounds the count from below, with its outputs capped. It is incremental:
 * the formula is built once, and each bound k is one assumption, the output o_k.
 *
 * Tree. The inputs x_1..x_n are the leaves of a balanced binary tree; a leaf's one output is its
 * input. A node whose children have outputs a_1..a_p and b_1..b_q gets fresh outputs r_1..r_m,
 * m = min(p + q, cap), and the clauses
 *     (T1) a_{i+1} ∨ b_{l+1} ∨ ¬r_{i+l+1}     for 0 ≤ i ≤ p, 0 ≤ l ≤ q, i + l + 1 ≤ m
 *     (T2) ¬r_{j+1} ∨ r_j                      for 1 ≤ j < m
 * where a_{p+1} and b_{q+1} are false (the literal is left out).
 *
 * Claim (soundness): in every model, r_j true implies that at least j inputs under the node are
 * true. By induction: the children's outputs obey the claim and, by (T2), are monotone, so the
 * true ones are a_1..a_{i*} and b_1..b_{l*}, with at least i* + l* true inputs below. Let r_j be
 * true. If j ≤ i* + l* we are done. Otherwise take i = max(i*, j − 1 − q) and l = j − 1 − i: then
 * i ≤ p (as j ≤ p + q), i ≥ i*, and i* + l* ≤ j − 1 gives l* ≤ l ≤ q, so a_{i+1} and b_{l+1} are
 * false and (T1) forbids r_j, a contradiction.
 *
 * Claim (completeness): any assignment of the inputs extends to a model, with r_j true exactly
 * when the node has at least j true inputs below it (j ≤ m): (T2) holds, and if r_{i+l+1} is true
 * then more than i inputs are true under A or more than l under B, so a_{i+1} or b_{l+1} is true.
 *
 * So, at the root, assuming o_k (k ≤ cap) admits exactly the assignments with at least k true
 * inputs: no shading is lost, and none with fewer than k is let through. Size: O(n · cap)
 * clauses at most, and n · log n output variables at most.
 */
import type { Cnf } from '../src/sat/cnf.js';

/**
 * Encodes the totalizer over `inputs` into `cnf`, taking fresh variables from `fresh`; returns the
 * root outputs, `outputs[k - 1]` = o_k ("at least k inputs are true"), for k up to min(n, cap).
 */
export function encodeAtLeastTotalizer(inputs: readonly number[], cap: number, fresh: () => number, cnf: Cnf): number[] {
  if (inputs.length === 0 || cap < 1) return [];
  const build = (from: number, to: number): number[] => {
    if (to - from === 1) return [inputs[from]!];
    const middle = (from + to) >> 1;
    const a = build(from, middle);
    const b = build(middle, to);
    const m = Math.min(a.length + b.length, cap);
    const r = Array.from({ length: m }, fresh);
    for (let i = 0; i <= a.length; i++) {
      for (let l = 0; l <= b.length && i + l + 1 <= m; l++) {
        const clause = [-r[i + l]!];
        if (i < a.length) clause.push(a[i]!);
        if (l < b.length) clause.push(b[l]!);
        cnf.add(clause);
      }
    }
    for (let j = 1; j < m; j++) cnf.add2(-r[j]!, r[j - 1]!);
    return r;
  };
  return build(0, inputs.length);
}

/**
 * The literals `encodeAtLeastTotalizer` adds for `n` inputs and `cap`, counted on the same tree
 * without building it: a board of 10,000 cells has some 10^8, more than the solver's heap holds,
 * so a caller refuses it first.
 */
export function totalizerLiterals(n: number, cap: number): number {
  if (n === 0 || cap < 1) return 0;
  const size = (count: number): { outputs: number; literals: number } => {
    if (count === 1) return { outputs: 1, literals: 0 };
    const a = size(count >> 1);
    const b = size(count - (count >> 1));
    const m = Math.min(a.outputs + b.outputs, cap);
    let literals = a.literals + b.literals + 2 * (m - 1);
    // T1: for each i, the l from 0 to min(q, m - 1 - i); a_{i+1} is left out at i = p, b_{l+1} at l = q.
    for (let i = 0; i <= a.outputs && i + 1 <= m; i++) {
      const top = Math.min(b.outputs, m - 1 - i);
      literals += (top + 1) * (i < a.outputs ? 2 : 1) + top + (top < b.outputs ? 1 : 0);
    }
    return { outputs: m, literals };
  };
  return size(n).literals;
}
